// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MultiComboBox, type ComboOption } from './ComboBox.tsx';
import { installAriaJsdomPolyfills } from '../../../../tests/helpers/jsdom.ts';

installAriaJsdomPolyfills();
afterEach(cleanup);

const CATALOGUE: ComboOption[] = [
  { id: 'c1', label: 'Coffee' },
  { id: 'c2', label: 'Cards' },
  { id: 'c3', label: 'Sale' },
];

/**
 * A picker whose suggestions answer late, as a server search does: the test hands the answer to
 * the typed text (`show(...)`) when it chooses, after or before a pick.
 */
function Harness({ options, onKeyDownOutside }: { options: ComboOption[]; onKeyDownOutside: (key: string) => void }) {
  const [ids, setIds] = useState<string[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});
  return (
    // stands for the drawer around the picker: Escape there closes it
    <div onKeyDown={(event) => onKeyDownOutside(event.key)}>
      <MultiComboBox
        label="Collections"
        options={options}
        selected={ids.map((id) => ({ id, label: labels[id] ?? id }))}
        onInput={() => undefined}
        onChange={(next, added) => {
          if (added) setLabels((known) => ({ ...known, [added.id]: added.label }));
          setIds(next);
        }}
      />
    </div>
  );
}

const matching = (text: string) => CATALOGUE.filter((option) => option.label.toLowerCase().includes(text));

/** Renders the picker with no suggestions yet; `show(text)` delivers the answer to `text`. */
function setup(outside: (key: string) => void = () => undefined) {
  const { rerender } = render(<Harness options={[]} onKeyDownOutside={outside} />);
  return { show: (text: string) => act(() => rerender(<Harness options={matching(text)} onKeyDownOutside={outside} />)) };
}

describe('MultiComboBox with suggestions searched on the server', () => {
  it('keeps a pick when the answer to the cleared text arrives after it, and closes the list', async () => {
    const user = userEvent.setup();
    const { show } = setup();
    const input = screen.getByRole('combobox', { name: 'Collections' });
    await user.type(input, 'ca');
    show('ca');
    await user.click(await screen.findByRole('option', { name: 'Cards' }));
    expect(screen.getByRole('list', { name: 'Collections: chosen' }).textContent).toContain('Cards');
    expect(input).toHaveProperty('value', '');
    expect(screen.queryByRole('listbox')).toBeNull();
    // the late answer (every collection, for the cleared text) neither drops the pick nor reopens the list
    show('');
    expect(screen.getByRole('list', { name: 'Collections: chosen' }).textContent).toContain('Cards');
    expect(screen.queryByRole('listbox')).toBeNull();
    // a second pick adds to the first; the first keeps its label though no answer lists it any more
    await user.type(input, 'sa');
    show('sa');
    await user.click(await screen.findByRole('option', { name: 'Sale' }));
    const chips = screen.getByRole('list', { name: 'Collections: chosen' });
    expect([...chips.querySelectorAll('li span')].map((chip) => chip.textContent)).toEqual(['Cards', 'Sale']);
  });

  it('Escape closes only the open list; with the list closed it reaches the dialog around', async () => {
    const user = userEvent.setup();
    const outside = vi.fn();
    const { show } = setup(outside);
    const input = screen.getByRole('combobox', { name: 'Collections' });
    show('');
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(outside).not.toHaveBeenCalledWith('Escape');
    await user.keyboard('{Escape}');
    expect(outside).toHaveBeenCalledWith('Escape');
  });

  it('the button shows the suggestions without typing', async () => {
    const user = userEvent.setup();
    const { show } = setup();
    show('');
    await user.click(screen.getByRole('button', { name: 'Show suggestions Collections' }));
    expect(await screen.findAllByRole('option')).toHaveLength(3);
  });
});

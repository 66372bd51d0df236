// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BuilderApiError, type BuilderApi } from '../api.ts';
import { BuilderApiContext } from '../studio/api-context.ts';
import { createMemoryApi } from '../studio/memory-api.ts';
import { gridMove, IconField } from './IconField.tsx';

afterEach(cleanup);

/** The in-memory API (the presets' library), counting icon requests; `failures` first calls reject. */
function iconApi(failures = 0): BuilderApi & { searches: (string | undefined)[] } {
  const api = createMemoryApi();
  const searches: (string | undefined)[] = [];
  let left = failures;
  return Object.assign(api, {
    searches,
    async icons(search?: string) {
      searches.push(search);
      if (left > 0) {
        left -= 1;
        throw new BuilderApiError('The server is away');
      }
      return createMemoryApi().icons(search);
    },
  });
}

function Harness({ api, initial, optional = true }: { api: BuilderApi; initial: string; optional?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <BuilderApiContext.Provider value={api}>
      <IconField value={value} optional={optional} onChange={setValue} />
      <output aria-label="Stored">{value}</output>
    </BuilderApiContext.Provider>
  );
}

const fieldButton = () => screen.getByRole('button', { name: /^Icon / });
const stored = () => screen.getByLabelText('Stored').textContent;
const picker = () => screen.getByRole('dialog', { name: 'Choose icon' });
const open = async () => {
  fireEvent.click(fieldButton());
  return within(picker()).findByRole('listbox', { name: 'Icon library' });
};

describe('IconField', () => {
  it('shows the current icon by its name and drawing, labelled Icon', async () => {
    const { container } = render(<Harness api={iconApi()} initial="trophy" />);
    await waitFor(() => expect(fieldButton().textContent).toBe('Trophy'));
    expect(fieldButton().getAttribute('aria-expanded')).toBe('false');
    expect(container.querySelector('.bs-icon-field__button path')?.getAttribute('d')).toMatch(/^M8 4h8v5/);
  });

  it('search narrows the grid through the API, and a pick stores the id and closes', async () => {
    const api = iconApi();
    render(<Harness api={api} initial="star" />);
    const grid = await open();
    expect(within(grid).getByRole('option', { name: 'Star' }).getAttribute('aria-selected')).toBe('true');
    expect(within(grid).getByRole('option', { name: 'Gift' })).toBeTruthy();
    fireEvent.change(within(picker()).getByLabelText('Search icons'), { target: { value: 'tro' } });
    await waitFor(() => expect(within(grid).queryByRole('option', { name: 'Gift' })).toBeNull());
    expect(
      within(grid)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Trophy']);
    expect(api.searches).toContain('tro');
    fireEvent.click(within(grid).getByRole('option', { name: 'Trophy' }));
    expect(stored()).toBe('trophy');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fieldButton().textContent).toBe('Trophy');
  });

  it('a search that matches nothing says so', async () => {
    render(<Harness api={iconApi()} initial="star" />);
    await open();
    fireEvent.change(within(picker()).getByLabelText('Search icons'), { target: { value: 'zzz' } });
    expect(await within(picker()).findByText('No icon matches “zzz”.')).toBeTruthy();
  });

  it('None clears an optional icon; a required one offers no None', async () => {
    render(<Harness api={iconApi()} initial="gift" />);
    const grid = await open();
    fireEvent.click(within(grid).getByRole('option', { name: 'None' }));
    expect(stored()).toBe('');
    expect(fieldButton().textContent).toBe('None');
    cleanup();
    render(<Harness api={iconApi()} initial="gift" optional={false} />);
    const required = await open();
    expect(within(required).queryByRole('option', { name: 'None' })).toBeNull();
  });

  it('keyboard: arrows move through the grid, Enter picks; Escape closes and returns focus to the button', async () => {
    render(<Harness api={iconApi()} initial="gift" />);
    const grid = await open();
    const gift = within(grid).getByRole('option', { name: 'Gift' });
    expect(gift.tabIndex).toBe(0); // Tab from the search box lands on the current icon
    gift.focus();
    fireEvent.keyDown(gift, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('Star');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement?.textContent).toBe('None');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Sparkles');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stored()).toBe('gift');
    await waitFor(() => expect(document.activeElement).toBe(fieldButton()));
  });

  it('a failed load shows the reason and Retry loads again', async () => {
    const api = iconApi(2); // the button's library request and the picker's first one fail
    render(<Harness api={api} initial="coffee" />);
    await waitFor(() => expect(api.searches.length).toBeGreaterThan(0));
    fireEvent.click(fieldButton());
    const alert = await within(picker()).findByRole('alert');
    expect(alert.textContent).toContain('Could not load the icons: The server is away');
    expect(within(picker()).queryByRole('listbox')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    const grid = await within(picker()).findByRole('listbox', { name: 'Icon library' });
    expect(within(picker()).queryByRole('alert')).toBeNull();
    fireEvent.click(within(grid).getByRole('option', { name: 'Coffee cup' }));
    await waitFor(() => expect(fieldButton().textContent).toBe('Coffee cup'));
  });

  it('the whole library is asked for once however many fields show it', async () => {
    const api = iconApi();
    render(
      <BuilderApiContext.Provider value={api}>
        {['gift', 'star', 'cake'].map((id) => (
          <IconField key={id} value={id} onChange={() => {}} />
        ))}
      </BuilderApiContext.Provider>,
    );
    await waitFor(() => expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Gift', 'Star', 'Birthday cake']));
    expect(api.searches).toEqual([undefined]);
  });
});

describe('gridMove', () => {
  it('moves by one across, by a row up and down, and stays inside the grid', () => {
    expect(gridMove('ArrowRight', 0, 10, 4)).toBe(1);
    expect(gridMove('ArrowRight', 9, 10, 4)).toBe(9);
    expect(gridMove('ArrowLeft', 0, 10, 4)).toBe(0);
    expect(gridMove('ArrowDown', 1, 10, 4)).toBe(5);
    expect(gridMove('ArrowDown', 7, 10, 4)).toBe(7);
    expect(gridMove('ArrowUp', 5, 10, 4)).toBe(1);
    expect(gridMove('End', 2, 10, 4)).toBe(9);
    expect(gridMove('Home', 8, 10, 4)).toBe(0);
    expect(gridMove('a', 3, 10, 4)).toBeNull();
  });
});

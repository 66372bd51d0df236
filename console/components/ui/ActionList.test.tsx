// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ActionList } from './ActionList.tsx';

afterEach(cleanup);

const items = (count: number) => Array.from({ length: count }, (_, i) => ({ id: String(i), label: `Action ${i + 1}`, onSelect: () => {} }));

describe('action lists show a search field only from 8 items (spec §9)', () => {
  it.each([
    [1, false],
    [7, false],
    [8, true],
    [12, true],
  ])('%i items → search field %s', (count, shown) => {
    render(<ActionList label="Ways to earn" items={items(count)} />);
    expect(screen.queryByRole('searchbox', { name: 'Search ways to earn' }) !== null).toBe(shown);
    expect(screen.getAllByRole('button')).toHaveLength(count);
  });

  it('the search filters the actions', () => {
    render(<ActionList label="Ways to earn" items={items(10)} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'action 1' } });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Action 1', 'Action 10']);
  });
});

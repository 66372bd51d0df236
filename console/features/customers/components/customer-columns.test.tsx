// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { programStatusBadge } from './customer-columns.tsx';

afterEach(cleanup);

describe('program status badge', () => {
  it('labels a holdout customer as in the holdout group, whatever its status; others by their status', () => {
    render(
      <ul>
        <li>{programStatusBadge({ program_status: 'member', holdout: true })}</li>
        <li>{programStatusBadge({ program_status: 'member', holdout: false })}</li>
        <li>{programStatusBadge({ program_status: 'guest', holdout: false })}</li>
      </ul>,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Holdout group', 'Member', 'Guest']);
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { CustomerRow } from '../../../../server/contract/customers.ts';
import { CUSTOMER_COLUMNS, programStatusBadge } from './customer-columns.tsx';

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

describe('customer figures', () => {
  it('writes the referrals as the console writes its other figures (grouped), not as bare digits', () => {
    const row = { referrals: 1234, balance: 12500, pending: 0, lifetime: 12500 } as CustomerRow;
    const cell = (id: string) => CUSTOMER_COLUMNS.find((column) => column.id === id)!.cell(row);
    expect(cell('referrals')).toBe('1,234');
    expect(cell('balance')).toBe('12,500');
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { signInAs } from '../../../../tests/helpers/console-screen.tsx';
import { MoneyField } from './FormFields.tsx';

afterEach(cleanup);

let current: Record<string, unknown> = {};
function Form({ minor }: { minor: number }) {
  const form = useForm<{ min_order_minor: number | null }>({ defaultValues: { min_order_minor: minor } });
  const values = useWatch({ control: form.control });
  useEffect(() => {
    current = values;
  });
  return <MoneyField control={form.control} name="min_order_minor" label="Minimum order" />;
}

describe('MoneyField: money in the store’s currency, stored in minor units', () => {
  it('shows minor units as money with the symbol, and stores what is typed as minor units', () => {
    signInAs({ settings: { currency: 'USD' } });
    render(<Form minor={500} />);
    const input = screen.getByLabelText('Minimum order ($)') as HTMLInputElement;
    expect(input.value).toBe('5.00');
    fireEvent.change(input, { target: { value: '12.5' } });
    expect(current.min_order_minor).toBe(1250);
    fireEvent.change(input, { target: { value: '12.345' } });
    expect(current.min_order_minor).toBeNull();
    expect(screen.getByText('Enter an amount such as 5.00.')).toBeTruthy();
  });

  it('a store in yen has no minor digits', () => {
    signInAs({ settings: { currency: 'JPY' } });
    render(<Form minor={500} />);
    const input = screen.getByLabelText(/Minimum order \((¥|￥)\)/) as HTMLInputElement;
    expect(input.value).toBe('500');
    fireEvent.change(input, { target: { value: '1200' } });
    expect(current.min_order_minor).toBe(1200);
  });
});

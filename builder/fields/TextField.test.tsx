// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from './TextField.tsx';

afterEach(cleanup);

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <TextField label="Title" value={value} onChange={setValue} placeholders maxLength={20} />;
}

describe('TextField', () => {
  it('inserts a placeholder from the menu at the caret', async () => {
    render(<Harness initial="Hi !" />);
    const input = screen.getByLabelText('Title') as HTMLInputElement;
    input.setSelectionRange(3, 3);
    fireEvent.click(screen.getByRole('button', { name: 'Insert placeholder into Title' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /First name/ }));
    expect(input.value).toBe('Hi {first_name}!');
  });

  it('warns about unknown placeholders and text over the limit', () => {
    render(<Harness initial="Hi {frist_name}" />);
    expect(screen.getByText(/Unknown placeholder \{frist_name\}/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'x'.repeat(25) } });
    expect(screen.getByText('Keep this to 20 characters or fewer (25 now)')).toBeTruthy();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
  });
});

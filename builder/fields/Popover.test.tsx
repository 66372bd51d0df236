// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Popover } from './Popover.tsx';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Popover open={open} onOpenChange={setOpen} label="Palette" trigger={{ children: 'Pick colour' }}>
        <button type="button">Inside</button>
      </Popover>
      <p>Outside</p>
    </>
  );
}

afterEach(cleanup);

describe('Popover', () => {
  it('opens from its button, moves focus in, and gives it back on Escape', async () => {
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Pick colour' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Palette' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('closes on a press outside, and its button toggles it shut', async () => {
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Pick colour' });
    fireEvent.click(button);
    await screen.findByRole('dialog');
    act(() => {
      fireEvent.pointerDown(screen.getByText('Outside'));
      fireEvent.mouseDown(screen.getByText('Outside'));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(button);
    await screen.findByRole('dialog');
    fireEvent.pointerDown(button);
    fireEvent.mouseDown(button);
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

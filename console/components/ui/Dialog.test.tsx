// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './Dialog.tsx';
import { installAriaJsdomPolyfills } from '../../../tests/helpers/jsdom.ts';

installAriaJsdomPolyfills();
afterEach(cleanup);

/** A page with a button that opens the dialog, as its users have it. */
function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit reward
      </button>
      <Dialog open={open} title="Edit reward" onClose={close} footer={<button type="button">Save</button>}>
        <label>
          Name <input />
        </label>
      </Dialog>
    </>
  );
}

const open = async () => {
  const user = userEvent.setup();
  const onClose = vi.fn();
  render(<Harness onClose={onClose} />);
  const opener = screen.getByRole('button', { name: 'Edit reward' });
  await user.click(opener);
  return { user, onClose, opener, dialog: await screen.findByRole('dialog', { name: 'Edit reward' }) };
};

describe('Dialog (React Aria modal)', () => {
  it('is a modal dialog named by its title, with the spec §9 200 ms transition', async () => {
    const { dialog } = await open();
    expect(dialog.closest('.ls-modal-overlay')?.getAttribute('style')).toContain('--ls-dialog-transition: 200ms');
    // the rest of the page is hidden from assistive technology while it is open
    expect(screen.queryByRole('button', { name: 'Edit reward' })).toBeNull();
  });

  it('traps focus: Tab cycles through the dialog only', async () => {
    const { user, dialog } = await open();
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('Escape closes it and returns focus to the button that opened it', async () => {
    const { user, onClose, opener } = await open();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('the close button asks to close', async () => {
    const { user, onClose } = await open();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { memberCtx, stickyBarDoc, visitorCtx } from '../testing/fixtures.ts';
import { StickyBar, stickyBarPageCss } from './index.ts';

afterEach(cleanup);

describe('sticky bar', () => {
  it('opens a drawer with the logged-out texts for a visitor and the logged-in ones for a member', async () => {
    const user = userEvent.setup();
    render(<StickyBar doc={stickyBarDoc()} ctx={visitorCtx()} />);
    const bar = screen.getByRole('button', { name: 'Earn 1 point per $1 spent' });
    expect(bar.getAttribute('aria-expanded')).toBe('false');
    await user.click(bar);
    expect(screen.getByRole('region', { name: 'Rewards' }).textContent).toContain('Join our program');
    await user.keyboard('{Escape}');
    expect(bar.getAttribute('aria-expanded')).toBe('false');
    cleanup();
    render(<StickyBar doc={stickyBarDoc()} ctx={memberCtx()} defaultOpen />);
    expect(screen.getByRole('region', { name: 'Rewards' }).textContent).toContain('Hi Ada, you have 1,250 points');
  });

  it("shows a visitor a join link to the store's sign-up page, and a member none", async () => {
    const user = userEvent.setup();
    render(<StickyBar doc={stickyBarDoc({}, { sign_up_url: 'https://shop.example/join' })} ctx={visitorCtx()} />);
    await user.click(screen.getByRole('button', { name: 'Earn 1 point per $1 spent' }));
    expect(screen.getByRole('link', { name: 'Join now' }).getAttribute('href')).toBe('https://shop.example/join');
    cleanup();
    render(<StickyBar doc={stickyBarDoc()} ctx={visitorCtx()} defaultOpen />);
    expect(screen.getByRole('link', { name: 'Join now' }).getAttribute('href')).toBe('/account/register');
    cleanup();
    render(<StickyBar doc={stickyBarDoc()} ctx={memberCtx()} defaultOpen />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('closes with its close button or Escape, and gives the focus back to the bar', async () => {
    const user = userEvent.setup();
    render(<StickyBar doc={stickyBarDoc()} ctx={visitorCtx()} />);
    const bar = screen.getByRole('button', { name: 'Earn 1 point per $1 spent' });
    await user.click(bar);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Rewards' })).toBeNull();
    expect(document.activeElement).toBe(bar);

    await user.click(bar);
    screen.getByRole('link', { name: 'Join now' }).focus();
    await user.keyboard('{Escape}');
    expect(bar.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(bar);
  });

  it('reserves its height on the page so it never hides the focused element, and gives it back', () => {
    const { unmount } = render(<StickyBar doc={stickyBarDoc({ placement: 'top', height: 60 })} ctx={visitorCtx()} />);
    expect(document.documentElement.style.scrollPaddingTop).toBe('60px');
    expect(document.body.style.paddingTop).toBe('60px');
    unmount();
    expect(document.documentElement.style.scrollPaddingTop).toBe('');
    expect(stickyBarPageCss(stickyBarDoc({ placement: 'bottom', height: 50 }))).toBe('html{scroll-padding-bottom:50px}body{padding-bottom:50px}');
  });

  it.each([
    ['placement', 'top', 'bottom'],
    ['height', 40, 80],
    ['theme', 'light', 'dark-experimental'],
    ['text', 'A', 'B'],
  ] as const)('bar setting %s changes the output', (field, a, b) => {
    const draw = (value: unknown) => renderToStaticMarkup(<StickyBar doc={stickyBarDoc({ [field]: value })} ctx={visitorCtx()} />);
    expect(draw(a)).not.toBe(draw(b));
  });
});

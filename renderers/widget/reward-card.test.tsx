// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberReward } from '../context.ts';
import { memberCtx, widgetDoc } from '../testing/fixtures.ts';
import { Widget, type WidgetAction } from './index.ts';

afterEach(cleanup);

const cart = (rewards: MemberReward[], onAction?: (action: WidgetAction) => void) => {
  const member = memberCtx().member!;
  return render(<Widget doc={widgetDoc()} ctx={memberCtx({ member: { ...member, rewards } })} inline panel="reward_cart" onAction={onAction} />);
};

describe('the reward card with the shop’s platform', () => {
  it('says "Preparing your code…" until the platform has the code, without the code or its buttons', () => {
    cart([{ id: 'p', title: '$5 off', code: 'LS-PREPARING', platform: 'preparing' }]);
    expect(screen.getByRole('status').textContent).toBe('Preparing your code…');
    expect(screen.queryByText('LS-PREPARING')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: /\$5 off/ })).toBeNull();
  });

  it('applies a ready code to the cart in one click (the platform’s address) and copies it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const applyUrl = 'https://alpha.example/discount/LS-READY?redirect=%2Fcart';
    cart([{ id: 'r', title: '$5 off', code: 'LS-READY', platform: 'ready', applyUrl }]);
    expect(screen.getByText('LS-READY')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'reward_cart go: $5 off' }).getAttribute('href')).toBe(applyUrl);
    await userEvent.click(screen.getByRole('button', { name: 'Copy code: $5 off' }));
    expect(writeText).toHaveBeenCalledWith('LS-READY');
    expect(screen.getByText('Code copied')).toBeTruthy();
  });

  it('without a platform address, Apply hands the code to the host', async () => {
    const actions: WidgetAction[] = [];
    cart([{ id: 'x', title: 'Free shipping', code: 'LS-LOCAL' }], (action) => actions.push(action));
    await userEvent.click(screen.getByRole('button', { name: 'reward_cart go: Free shipping' }));
    expect(actions).toEqual([{ type: 'apply_reward', rewardId: 'x', code: 'LS-LOCAL' }]);
  });

  it('a cart API address (the cart named as {checkoutId}) is no link: Apply hands the code and the address to the host', async () => {
    const actions: WidgetAction[] = [];
    const applyUrl = '/api/storefront/checkouts/{checkoutId}/coupons';
    cart([{ id: 'b', title: '$5 off', code: 'LS-CART', platform: 'ready', applyUrl }], (action) => actions.push(action));
    expect(screen.queryByRole('link')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'reward_cart go: $5 off' }));
    expect(actions).toEqual([{ type: 'apply_reward', rewardId: 'b', code: 'LS-CART', cartAddress: applyUrl }]);
  });

  it('tells the shopper why a code the shop refused is gone, and that the points came back', () => {
    cart([{ id: 'f', title: '$5 off', code: 'LS-REFUSED', status: 'refunded', platform: 'refused', platformError: 'Discount code is already taken.' }]);
    expect(screen.getByText(/The shop could not create this code: Discount code is already taken\. Your points were returned\./)).toBeTruthy();
    expect(screen.queryByText('LS-REFUSED')).toBeNull();
  });
});

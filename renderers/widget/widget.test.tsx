// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PANEL_AUDIENCES, PANEL_KEYS, type Audience, type PanelKey } from '../contract/index.ts';
import type { ReferralArrival } from '../context.ts';
import { memberCtx, visitorCtx, widgetDoc } from '../testing/fixtures.ts';
import { availablePanels, homePanels, Widget, type WidgetAction } from './index.ts';

afterEach(cleanup);
const ctxOf = (audience: Audience) => (audience === 'member' ? memberCtx() : visitorCtx());
/** The friend's offer as the visit answers it: the figures of a $5 off coupon. */
const FIVE_OFF = { kind: 'amount_off', amountMinor: 500 } as const;

describe('referrals in the widget', () => {
  it("lists the member's referrals with the friend masked and the state only", () => {
    const member = {
      ...memberCtx().member!,
      referrals: [
        { friend: 'b•••@mail.test', state: 'not_completed' as const, date: '2026-02-20' },
        { friend: 'a•••@mail.test', state: 'completed' as const, date: '2026-02-01' },
      ],
    };
    const markup = renderToStaticMarkup(<Widget doc={widgetDoc()} ctx={memberCtx({ member })} panel="referral_details" inline />);
    expect(markup).toContain('data-member="referrals"');
    expect(markup).toMatch(/b•••@mail\.test<\/strong> · Not completed/);
    expect(markup).toMatch(/a•••@mail\.test<\/strong> · Completed/);
    const none = renderToStaticMarkup(<Widget doc={widgetDoc()} ctx={memberCtx({ member: { ...member, referrals: [] } })} panel="referral_details" inline />);
    expect(none).toContain('No friend has taken your offer yet.');
  });

  it("shows a visitor from a referral link the friend's offer, then the coupon, or only the not-completed line", () => {
    const arrival = { referrerName: 'Ada', offer: FIVE_OFF };
    const draw = (referral: typeof arrival & { code?: string; failed?: boolean }) =>
      renderToStaticMarkup(<Widget doc={widgetDoc()} ctx={visitorCtx({ referral })} panel="referral_program" inline />);
    expect(draw(arrival)).toContain('Ada</strong> sent you a $5 off coupon.');
    expect(draw({ ...arrival, code: 'REF-AB12' })).toContain('REF-AB12');
    const failed = draw({ ...arrival, failed: true });
    expect(failed).toContain('This referral could not be completed.');
    expect(failed).not.toContain('Get my coupon');
  });

  it("shows the friend's coupon as the shop's platform stands with it: preparing, ready or refused", () => {
    const arrival = { referrerName: 'Ada', offer: FIVE_OFF, code: 'REF-AB12' };
    const draw = (referral: ReferralArrival) =>
      renderToStaticMarkup(<Widget doc={widgetDoc()} ctx={visitorCtx({ referral })} panel="referral_program" inline />);
    const preparing = draw({ ...arrival, platform: 'preparing' });
    expect(preparing).toContain('Preparing your code…');
    expect(preparing).not.toContain('REF-AB12');
    expect(draw({ ...arrival, platform: 'ready' })).toContain('REF-AB12');
    const refused = draw({ ...arrival, platform: 'refused', platformError: 'The coupon code REF-AB12 already exists.' });
    expect(refused).toContain('The shop could not create your coupon: The coupon code REF-AB12 already exists.');
    expect(refused).not.toContain('Use this code at checkout');
  });
});

describe("the referral friend's coupon", () => {
  const arrival = { referrerName: 'Ada', offer: FIVE_OFF, code: 'REF-AB12', platform: 'ready' as const };
  const draw = (referral: ReferralArrival, onAction?: (action: WidgetAction) => void) =>
    render(<Widget doc={widgetDoc()} ctx={visitorCtx({ referral })} panel="referral_program" inline onAction={onAction} />);

  it('applies like a reward code: a link to the platform’s apply address, and Copy', () => {
    const applyUrl = 'https://alpha.example/discount/REF-AB12?redirect=%2Fcart';
    draw({ ...arrival, applyUrl });
    expect(screen.getByRole('link', { name: 'Apply code: $5 off coupon' }).getAttribute('href')).toBe(applyUrl);
    expect(screen.getByRole('button', { name: 'Copy code: $5 off coupon' })).toBeTruthy();
  });

  it('hands the code to the host, with the cart API address when that is how the shop applies it', async () => {
    const actions: WidgetAction[] = [];
    const cartAddress = '/api/storefront/checkouts/{checkoutId}/coupons';
    draw({ ...arrival, applyUrl: cartAddress }, (action) => actions.push(action));
    await userEvent.click(screen.getByRole('button', { name: 'Apply code: $5 off coupon' }));
    cleanup();
    draw({ referrerName: 'Ada', offer: FIVE_OFF, code: 'REF-LOCAL' }, (action) => actions.push(action));
    await userEvent.click(screen.getByRole('button', { name: 'Apply code: $5 off coupon' }));
    expect(actions).toEqual([
      { type: 'apply_reward', code: 'REF-AB12', cartAddress },
      { type: 'apply_reward', code: 'REF-LOCAL' },
    ]);
  });

  it('has no Apply while the shop prepares the coupon or after it refused it', () => {
    draw({ ...arrival, platform: 'preparing' });
    expect(screen.queryByRole('button', { name: /Apply code/ })).toBeNull();
    cleanup();
    draw({ ...arrival, platform: 'refused' });
    expect(screen.queryByRole('button', { name: /Apply code/ })).toBeNull();
  });
});

describe('the reward cart', () => {
  it('lists only the codes that still work at checkout, with their expiry', () => {
    const member = memberCtx().member!;
    const rewards = [
      { id: 'a', title: 'Active coupon', code: 'ACTIVE-1', status: 'active' as const, expiresAt: '2027-01-31' },
      { id: 'u', title: 'Used coupon', code: 'USED-1', used: true, status: 'used' as const },
      { id: 'e', title: 'Expired coupon', code: 'EXPIRED-1', status: 'expired' as const, expiresAt: '2026-01-31' },
    ];
    render(<Widget doc={widgetDoc()} ctx={memberCtx({ member: { ...member, rewards } })} inline panel="reward_cart" />);
    expect(screen.getByText('ACTIVE-1')).toBeTruthy();
    expect(screen.getByText('expires Jan 31, 2027')).toBeTruthy();
    expect(screen.queryByText('USED-1')).toBeNull();
    expect(screen.queryByText('EXPIRED-1')).toBeNull();
  });
});

describe('panels per audience (spec §2)', () => {
  it('offers members and visitors exactly the panels they see', () => {
    const doc = widgetDoc();
    for (const audience of ['member', 'visitor'] as const) {
      const expected = PANEL_KEYS.filter((k) => k !== 'header' && (PANEL_AUDIENCES[k] as readonly string[]).includes(audience));
      expect(availablePanels(doc, audience)).toEqual(expected);
    }
    expect(availablePanels(doc, 'visitor')).toEqual(['signup', 'reward_points', 'referral_program', 'first_time_visitor', 'vip']);
  });

  it('leaves out hidden panels and those of the other program type', () => {
    const doc = widgetDoc();
    doc.panels.birthday.visible = false;
    expect(availablePanels(doc, 'member')).not.toContain('birthday');
    expect(availablePanels({ ...doc, program_type: 'points' }, 'member')).not.toContain('referral_program');
    expect(availablePanels({ ...doc, program_type: 'referrals' }, 'member')).not.toContain('redeem_cart');
    expect(homePanels(doc, 'member')).not.toContain('referral_details');
  });

  for (const key of PANEL_KEYS) {
    for (const audience of PANEL_AUDIENCES[key] as readonly Audience[]) {
      it(`${key} · ${audience}`, () => {
        const markup = renderToStaticMarkup(<Widget doc={widgetDoc()} ctx={ctxOf(audience)} panel={key === 'header' ? 'home' : key} inline />);
        expect(markup).toContain(`data-panel-key="${key}"`);
        expect(markup).toMatchSnapshot();
      });
    }
  }
});

function Harness({ audience = 'visitor' as Audience, onAction }: { audience?: Audience; onAction?: (a: WidgetAction) => void }) {
  const [open, setOpen] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={launcher} type="button" onClick={() => setOpen(true)}>
        Get Rewarded
      </button>
      <a href="/elsewhere">Outside link</a>
      {open && <Widget doc={widgetDoc()} ctx={ctxOf(audience)} onClose={() => setOpen(false)} returnFocusTo={launcher} onAction={onAction} />}
    </>
  );
}

describe('dialog behaviour', () => {
  it('is a modal dialog named by its header title, with member data', async () => {
    const user = userEvent.setup();
    render(<Harness audience="member" />);
    await user.click(screen.getByRole('button', { name: 'Get Rewarded' }));
    const dialog = screen.getByRole('dialog', { name: 'Hi Ada' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog).toHaveProperty('textContent', expect.stringContaining('You have 1,250 points'));
    expect(document.activeElement).toBe(dialog);
  });

  it('goes home → panel → back, moving focus, then Esc closes and focus returns to the launcher', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const launcher = screen.getByRole('button', { name: 'Get Rewarded' });
    await user.click(launcher);
    const dialog = screen.getByRole('dialog', { name: 'Welcome' });
    await user.click(within(dialog).getByRole('button', { name: 'vip title' }));
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'vip title' }));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'vip title' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(launcher);
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Get Rewarded' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    for (let i = 0; i < 12; i++) {
      await user.tab({ shift: true });
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('runs the referral flow and hands actions to the host', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    render(<Harness audience="member" onAction={onAction} />);
    await user.click(screen.getByRole('button', { name: 'Get Rewarded' }));
    await user.click(screen.getByRole('button', { name: 'referral_program title' }));
    await user.click(screen.getByRole('button', { name: 'referral_program more' }));
    expect(screen.getByRole('heading', { name: 'referral_send_email title' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'referral_send_email go' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid e-mail address');
    await user.type(screen.getByLabelText('Friend’s e-mail address'), 'friend@example.com');
    await user.click(screen.getByRole('button', { name: 'referral_send_email go' }));
    expect(onAction).toHaveBeenCalledWith({ type: 'send_referral_email', email: 'friend@example.com' });
    expect(screen.getByRole('heading', { name: 'referral_complete title' })).toBeTruthy();
  });

  it('gives each way to earn the shopper performs its control, reached and pressed by keyboard', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    const base = memberCtx().program;
    const program = {
      ...base,
      waysToEarn: [
        ...base.waysToEarn,
        {
          id: 'ig',
          title: 'Follow us',
          points: 75,
          icon: 'heart',
          action: { kind: 'follow' as const, network: 'instagram', url: 'https://instagram.example/shop' },
        },
        { id: 'news', title: 'Newsletter', points: 30, icon: 'mail', action: { kind: 'newsletter' as const } },
        { id: 'bday', title: 'Birthday', points: 100, icon: 'cake', action: { kind: 'birthday' as const } },
        { id: 'rev', title: 'Review', points: 40, icon: 'star', action: { kind: 'review' as const, url: 'https://shop.example/reviews' } },
      ],
    };
    render(<Widget doc={widgetDoc()} ctx={memberCtx({ program })} panel="reward_points" onAction={onAction} inline />);
    const follow = screen.getByRole('link', { name: 'Follow on Instagram' });
    expect([follow.getAttribute('href'), follow.getAttribute('target'), follow.getAttribute('rel')]).toEqual([
      'https://instagram.example/shop',
      '_blank',
      'noopener noreferrer',
    ]);
    follow.addEventListener('click', (event) => event.preventDefault()); // jsdom does not navigate
    follow.focus();
    await user.keyboard('{Enter}');
    expect(onAction).toHaveBeenCalledWith({ type: 'follow', network: 'instagram', opened: true });
    screen.getByRole('button', { name: 'Join the newsletter' }).focus();
    await user.keyboard('{Enter}');
    expect(onAction).toHaveBeenCalledWith({ type: 'join_newsletter' });
    await user.type(screen.getByLabelText('Your birthday'), '1990-07-28');
    await user.keyboard('{Enter}');
    expect(onAction).toHaveBeenCalledWith({ type: 'save_birthday', birthday: '1990-07-28' });
    expect(screen.getByRole('link', { name: 'Write a review' }).getAttribute('href')).toBe('https://shop.example/reviews');
    // the order rule is earned by shopping: no control
    expect(screen.getAllByRole('link').map((link) => link.textContent)).not.toContain('Place an order');
  });

  it('redeems only what the balance covers', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    render(<Widget doc={widgetDoc()} ctx={memberCtx()} panel="redeem_cart" onAction={onAction} inline />);
    await user.click(screen.getByRole('button', { name: 'redeem_cart go: $5 off coupon' }));
    expect(onAction).toHaveBeenCalledWith({ type: 'redeem', methodId: 'five-off' });
    cleanup();
    render(<Widget doc={widgetDoc()} ctx={memberCtx({ member: { ...memberCtx().member!, pointsBalance: 10 } })} panel="redeem_cart" inline />);
    expect(screen.getByRole('button', { name: 'redeem_cart go: $5 off coupon' })).toHaveProperty('disabled', true);
  });

  it('draws the header in the widget colours and links with safe addresses only', () => {
    const doc = widgetDoc();
    doc.background_color = '#112233';
    doc.panels.signup.visitor.primary_button_url = 'javascript:alert(1)';
    doc.panels.signup.visitor.secondary_button_url = '/account/login';
    const markup = renderToStaticMarkup(<Widget doc={doc} ctx={visitorCtx()} panel={'signup' as PanelKey} inline />);
    expect(markup).toContain('--ls-w-bg:#112233');
    expect(markup).not.toContain('javascript:');
    expect(markup).toContain('href="/account/login"');
  });
});

// @vitest-environment jsdom
/**
 * Every product text a shopper reads in the widget comes from the catalog of their language: the
 * notices of the widget's actions (redeem, follow, newsletter, birthday, invitations, the friend
 * coupon, applying a code), the storefront API's refusals and the earn-action controls. Rendered
 * and performed in French and Arabic, none of them is English.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberRewardTitle, referralOfferText } from '../format/index.ts';
import { LandingPage } from '../landing/index.ts';
import { CATALOGS, t, type MessageKey } from '../i18n/index.ts';
import { landingDoc, memberCtx, section, visitorCtx, widgetDoc } from '../testing/fixtures.ts';
import { Widget } from '../widget/index.ts';
import type { WidgetAction } from '../widget/panels.ts';
import type { Shopper } from './panel-api.ts';
import { perform } from './panel.tsx';

const LOCALES = ['fr', 'ar'] as const;
type Locale = (typeof LOCALES)[number];

const wording = (locale: Locale) => ({ locale, messages: CATALOGS[locale] });

/**
 * The English catalog's literal pieces (the text around placeholders, every plural form) that
 * the language translates differently: none of them may show in that language.
 */
function englishPieces(locale: Locale): string[] {
  const pieces = new Set<string>();
  for (const [key, message] of Object.entries(CATALOGS.en)) {
    const translated = JSON.stringify(CATALOGS[locale][key as MessageKey]);
    for (const form of typeof message === 'string' ? [message] : Object.values(message)) {
      for (const piece of form.split(/\{\w+\}/)) {
        const text = piece.trim().replace(/[.:!]$/, '');
        if (text.length >= 6 && !translated.includes(text)) pieces.add(text);
      }
    }
  }
  return [...pieces];
}

function expectNoEnglish(text: string, locale: Locale) {
  for (const piece of englishPieces(locale)) expect(text, `"${piece}" in ${locale}`).not.toContain(piece);
}

const shopper: Shopper = { store: 'demo', customerId: '100000', digest: 'ab12', base: new URL('https://loyalty.example/embed/') };

/** The storefront API as the widget's calls reach it: each path answers what the test says. */
function answering(answers: Record<string, { status: number; body: object } | 'down'>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      const key = Object.keys(answers).find((path) => url.pathname.endsWith(path));
      const answer = key ? answers[key]! : { status: 404, body: {} };
      if (answer === 'down') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

/** An English refusal as the server words it for the merchant: never what the shopper reads. */
const refused = (status: number, code: string, message = 'An English message for the logs.') => ({ status, body: { message, errors: {}, code } });
const bootstrap = { status: 200, body: { data: { storeKey: 'demo' } } };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each(LOCALES)("the widget's notices in %s", (locale) => {
  const words = wording(locale);
  const say = (key: MessageKey, values?: Record<string, string>) =>
    Object.entries(values ?? {}).reduce((text, [name, value]) => text.replace(`{${name}}`, value), CATALOGS[locale][key] as string);
  const noticeOf = async (action: WidgetAction, who: Shopper | null = shopper) => (await perform(action, who ?? undefined, words))?.notice ?? '';
  const redeem: WidgetAction = { type: 'redeem', methodId: '7' };

  it.each([
    ['not_enough_points', 'refusal.notEnoughPoints'],
    ['tier_exclusive', 'refusal.tierExclusive'],
    ['limit_reached', 'refusal.limitReached'],
    ['points_limit', 'refusal.pointsLimit'],
    ['holdout', 'refusal.outOfProgram'],
    ['too_many_requests', 'refusal.tooMany'],
    ['validation_failed', 'refusal.invalid'],
    ['invalid_digest', 'refusal.signInAgain'],
    ['a_code_the_widget_does_not_know', 'notice.failed'],
  ] as const)('a refusal %s of the server reads in the language, never its English message', async (code, key) => {
    answering({ '/redeem': refused(422, code) });
    const notice = await noticeOf(redeem);
    expect(notice).toBe(say(key));
    expect(notice).not.toContain('An English message');
    expectNoEnglish(notice, locale);
  });

  it('a service that cannot be reached says so in the language', async () => {
    answering({ '/redeem': 'down' });
    expect(await noticeOf(redeem)).toBe(say('notice.unreachable'));
  });

  it('follow, newsletter and birthday results, and the sign-in they need', async () => {
    answering({ '/actions': { status: 200, body: { data: { points: 20, duplicate: false } } }, '/bootstrap': bootstrap });
    const notices = [
      await noticeOf({ type: 'follow', network: 'instagram', opened: false }),
      await noticeOf({ type: 'join_newsletter' }),
      await noticeOf({ type: 'save_birthday', birthday: '1990-07-28' }),
      await noticeOf({ type: 'join_newsletter' }, null),
    ];
    expect(notices).toEqual([say('notice.followThanks'), say('notice.newsletterJoined'), say('notice.birthdaySaved'), say('notice.signInToEarn')]);
    answering({ '/actions': { status: 200, body: { data: { points: 0, duplicate: true } } }, '/bootstrap': bootstrap });
    notices.push(await noticeOf({ type: 'join_newsletter' }));
    expect(notices.at(-1)).toBe(say('notice.alreadyEarned'));
    answering({ '/actions': refused(409, 'limit_reached') });
    notices.push(await noticeOf({ type: 'follow', network: 'instagram', opened: false }));
    expect(notices.at(-1)).toBe(say('refusal.limitReached'));
    for (const notice of notices) expectNoEnglish(notice, locale);
  });

  it("the friend coupon: preparing, taken before, and an invitation to one's own address", async () => {
    const visit = {
      api: { store: 'demo', base: shopper.base },
      arrival: { referrerName: 'Ada', offer: { kind: 'amount_off' as const, amountMinor: 500 }, visitor: 'v1' },
    };
    const claim: WidgetAction = { type: 'claim_referral_coupon', email: 'friend@example.com' };
    answering({ '/referral/claim': { status: 200, body: { data: { code: 'REF-1', platform_state: 'preparing' } } } });
    const preparing = (await perform(claim, undefined, words, visit))!.notice;
    answering({ '/referral/claim': refused(409, 'friend_coupon_taken', 'This e-mail address already took its friend coupon.') });
    const taken = (await perform(claim, undefined, words, visit))!.notice;
    answering({ '/referral/invite': refused(422, 'own_email', 'Enter a friend’s e-mail address, not your own.') });
    const own = await noticeOf({ type: 'send_referral_email', email: 'me@example.com' });
    expect([preparing, taken, own]).toEqual([say('notice.couponPreparing'), say('refusal.couponTaken'), say('refusal.ownEmail')]);
    for (const notice of [preparing, taken, own]) expectNoEnglish(notice, locale);
  });

  it("applying a code through the shop's cart", async () => {
    const apply: WidgetAction = { type: 'apply_reward', rewardId: 'r1', code: 'SAVE5', cartAddress: '/api/storefront/checkouts/{cart_id}/coupons' };
    answering({ '/api/storefront/carts': { status: 200, body: [] } });
    const empty = await noticeOf(apply);
    answering({ '/api/storefront/carts': { status: 200, body: [{ id: 'c1' }] }, '/coupons': { status: 200, body: {} } });
    const applied = await noticeOf(apply);
    answering({ '/api/storefront/carts': 'down' });
    const down = await noticeOf(apply);
    expect([empty, applied, down]).toEqual([
      say('cart.addFirst', { code: 'SAVE5' }),
      say('cart.applied', { code: 'SAVE5' }),
      say('cart.unreachable', { code: 'SAVE5' }),
    ]);
    for (const notice of [empty, applied, down]) expectNoEnglish(notice, locale);
  });
});

describe.each(LOCALES)('the widget drawn in %s', (locale) => {
  it('its earn-action controls and the refused friend coupon', () => {
    const base = memberCtx().program;
    const program = {
      ...base,
      waysToEarn: [
        { id: 'ig', title: 'Instagram', points: 75, action: { kind: 'follow' as const, network: 'instagram', url: 'https://instagram.example/shop' } },
        { id: 'news', title: 'Newsletter', points: 30, action: { kind: 'newsletter' as const } },
        { id: 'bday', title: 'Birthday', points: 100, action: { kind: 'birthday' as const } },
        { id: 'rev', title: 'Review', points: 40, action: { kind: 'review' as const, url: 'https://shop.example/reviews' } },
      ],
    };
    const ctx = memberCtx({ locale, messages: CATALOGS[locale], program });
    const earn = renderToStaticMarkup(<Widget doc={widgetDoc()} ctx={ctx} panel="reward_points" onAction={() => undefined} inline />);
    for (const key of ['earn.review', 'earn.newsletter', 'earn.saveBirthday', 'form.birthday'] as const) expect(earn).toContain(CATALOGS[locale][key]);
    expect(earn).toContain((CATALOGS[locale]['earn.follow'] as string).replace('{network}', 'Instagram'));
    const referral = {
      referrerName: 'Ada',
      offer: { kind: 'amount_off' as const, amountMinor: 500 },
      code: 'REF-1',
      platform: 'refused' as const,
      platformError: 'Coupon limit reached',
    };
    const refusedCoupon = renderToStaticMarkup(
      <Widget doc={widgetDoc()} ctx={visitorCtx({ locale, messages: CATALOGS[locale], referral })} panel="referral_program" inline />,
    );
    expect(refusedCoupon).toContain((CATALOGS[locale]['referral.couponRefusedBecause'] as string).replace('{reason}', 'Coupon limit reached'));
    // the product's texts there (the store's own texts around them are the merchant's)
    const parse = (markup: string) => new DOMParser().parseFromString(markup, 'text/html');
    const controls = [...parse(earn).querySelectorAll('.ls-earn-action')];
    expect(controls).toHaveLength(4);
    for (const control of [...controls, parse(refusedCoupon).querySelector('[data-referral="refused"]')!]) expectNoEnglish(control.textContent ?? '', locale);
  });

  it("the referral offers: the program's in the referral panel, and the friend's through a referral link", () => {
    const parse = (markup: string) => new DOMParser().parseFromString(markup, 'text/html');
    const words = { locale, messages: CATALOGS[locale] };
    const member = memberCtx(words);
    const offers = parse(renderToStaticMarkup(<Widget doc={widgetDoc()} ctx={member} panel="referral_program" inline />)).querySelector('.ls-rewards')!;
    const { referee, referrer } = member.program.referral;
    expect(offers.textContent).toContain(referralOfferText(referee, member));
    expect(offers.textContent).toContain(referralOfferText(referrer, member));
    const visitor = visitorCtx({ ...words, referral: { referrerName: 'Ada', offer: { kind: 'amount_off', amountMinor: 500 } } });
    const arrival = parse(renderToStaticMarkup(<Widget doc={widgetDoc()} ctx={visitor} panel="referral_program" inline />)).querySelector(
      '[data-referral="offer"] p',
    )!;
    expect(arrival.textContent).toBe(
      t(visitor, 'referral.sentYou', { offer: referralOfferText({ kind: 'amount_off', amountMinor: 500 }, visitor) }).replace('{name}', 'Ada'),
    );
    for (const text of [offers.textContent ?? '', arrival.textContent ?? '']) expectNoEnglish(text, locale);
  });

  it("the referrer's coupon in the member's rewards: the widget's reward cart and the landing page's reward list", () => {
    const parse = (markup: string) => new DOMParser().parseFromString(markup, 'text/html');
    const coupon = { id: 'ref-1', title: 'Referral reward: $5 off coupon', code: 'REF-ADA', referral: { kind: 'amount_off' as const, amountMinor: 500 } };
    const base = memberCtx({ locale, messages: CATALOGS[locale] });
    const ctx = memberCtx({ locale, messages: CATALOGS[locale], member: { ...base.member!, rewards: [coupon] } });
    const worded = t(ctx, 'reward.referral', { offer: referralOfferText(coupon.referral, ctx) });
    expect(memberRewardTitle(coupon, ctx)).toBe(worded);
    const cart = parse(renderToStaticMarkup(<Widget doc={widgetDoc()} ctx={ctx} panel="reward_cart" onAction={() => undefined} inline />));
    const landing = parse(renderToStaticMarkup(<LandingPage doc={landingDoc([section('reward_list')])} ctx={ctx} />));
    for (const title of [cart.querySelector('[data-reward="ready"] strong'), landing.querySelector('[data-member="rewards"] strong')]) {
      expect(title?.textContent).toBe(worded);
      expectNoEnglish(title?.textContent ?? '', locale);
    }
  });
});

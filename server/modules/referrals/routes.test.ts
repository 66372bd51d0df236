import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { paidOrder } from '../../../tests/helpers/orders.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { applyOrderEvents } from '../orders/index.ts';
import { customerDigest } from '../../auth/shopper-digest.ts';

describeEachDatabase('referral routes', (ctx) => {
  const store = () => ctx.fixture.storeA;
  const console = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, store().id);
    return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  };
  const shop = (path: string, payload: object, ip = '198.51.100.7') =>
    ctx.app.inject({ method: 'POST', url: `/storefront/v1/${store().storeName}${path}`, payload, remoteAddress: ip });

  it('answers the spec §9 defaults, saves settings with clear field errors, and drops referral points', async () => {
    const initial = (await console('GET', '/api/v1/referral-setting')).json().data;
    expect(initial).toMatchObject({ friend_reward: { type: 'fixed_amount', value: 500 }, referrer_reward: { type: 'percentage', value: 5 } });
    const bad = await console('POST', '/api/v1/referral-setting/store', { ...initial, referrer_reward: { type: 'percentage', value: 150 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty(['referrer_reward.value']);
    const saved = await console('POST', '/api/v1/referral-setting/store', { ...initial, referrer_reward: { type: 'points', value: 250 } });
    expect(saved.statusCode).toBe(200);
    expect((await console('GET', '/api/v1/referral-setting')).json().data.referrer_reward).toEqual({ type: 'points', value: 250 });
    const dropped = await console('GET', '/api/v1/referral-setting/delete/referralpoints');
    expect(dropped.json().data.referrer_reward).toEqual({ type: 'percentage', value: 5 });
    await console('POST', '/api/v1/referral-setting/store', { ...initial, referrer_reward: { type: 'points', value: 250 } });
  });

  it('runs a referral from the member link to the console list, with the review queue', async () => {
    const referrerId = store().customerIds[0]!;
    await ctx.db.updateTable('customers').set({ external_id: 'ref-member' }).where('id', '=', referrerId).execute();
    const signature = { customer_id: 'ref-member', digest: customerDigest(store().hmacSecret, 'ref-member') };
    const member = (await ctx.app.inject({ method: 'GET', url: `/storefront/v1/${store().storeName}/member?${new URLSearchParams(signature)}` })).json().data;
    const code = new URL(member.referralLink).searchParams.get('ref')!;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);

    expect((await shop('/referral/visit', { code: 'UNKNOWN1' })).statusCode).toBe(404);
    const visit = await shop('/referral/visit', { code });
    expect(visit.statusCode).toBe(200);
    const { visitor, offer } = visit.json().data;
    expect(offer).toEqual({ kind: 'amount_off', amountMinor: 500 });
    const claim = await shop('/referral/claim', { visitor, email: 'new.friend@mail.test' });
    expect(claim.statusCode).toBe(200);
    expect(claim.json().data.code).toMatch(/^REF-/);
    expect(claim.json().data.offer).toEqual({ kind: 'amount_off', amountMinor: 500 });
    // a store without a platform: the coupon is the program's own, nothing is prepared
    expect(claim.json().data).toMatchObject({ platform_state: null, platform_error: null, apply_url: null });
    const coupon = await shop('/referral/coupon', { visitor, code: claim.json().data.code });
    expect(coupon.json().data).toEqual({ code: claim.json().data.code, platform_state: null, platform_error: null, apply_url: null });
    // another visitor, or a code the visitor did not take: not found, and nothing said about it
    const stranger = await shop('/referral/coupon', { visitor: 'x'.repeat(20), code: claim.json().data.code });
    expect(stranger.statusCode).toBe(404);
    expect((await shop('/referral/coupon', { visitor, code: 'REF-NOPE' })).statusCode).toBe(404);
    expect((await shop('/referral/claim', { visitor, email: 'new.friend@mail.test' })).statusCode).toBe(409);
    expect((await shop('/referral/claim', { visitor, email: 'not-an-email' })).json().errors).toHaveProperty('email');
    const held = await shop('/referral/claim', { visitor, email: 'x@mailinator.com' });
    expect(held.statusCode).toBe(422);
    expect(held.json().message).toBe('This referral could not be completed.');
    expect(held.body).not.toContain('disposable');

    const invite = await shop('/referral/invite', { ...signature, email: 'pal@mail.test' });
    expect(invite.json().data).toEqual({ sent: true });

    await applyOrderEvents(
      ctx.db,
      store().id,
      [{ platform: 'custom', orderExternalId: 'F-1', order: paidOrder('F-1', 'new.friend@mail.test', 4200) }],
      ctx.clock.now(),
    );
    const list = (await console('POST', '/data/v1/transaction/referrals', {})).json().data;
    expect(list.figures).toMatchObject({ sent: 2, invited: 1, completed: 1, blocked: 1, revenue_minor: 4200 });
    const done = list.data.find((row: { friend_email: string }) => row.friend_email === 'new.friend@mail.test');
    expect(done).toMatchObject({ state: 'completed', rewarded: true, order_number: '#F-1', referrer: { id: referrerId } });
    // the member's widget lists their referrals: friend masked, held-for-review read as "not completed", never why
    const mine = await ctx.app.inject({ method: 'GET', url: `/storefront/v1/${store().storeName}/member?${new URLSearchParams(signature)}` });
    expect(mine.json().data.referrals.map((row: { friend: string; state: string }) => [row.friend, row.state])).toEqual([
      ['x•••@mailinator.com', 'not_completed'],
      ['n•••@mail.test', 'completed'],
    ]);
    expect(mine.body).not.toContain('new.friend@mail.test');
    expect(mine.body).not.toContain('disposable');
    // the console's customer detail: the customer's referrals only
    const ofCustomer = (await console('POST', '/data/v1/transaction/referrals', { customer_id: referrerId })).json().data;
    expect(ofCustomer.data).toHaveLength(2);
    expect((await console('POST', '/data/v1/transaction/referrals', { customer_id: store().customerIds[1] })).json().data.data).toEqual([]);
    const blocked = (await console('POST', '/data/v1/transaction/referrals', { state: 'blocked' })).json().data.data;
    expect(blocked).toHaveLength(1);
    expect(blocked[0].reason).toContain('disposable');

    expect((await console('POST', '/data/v1/referral/cancel', { id: done.id })).statusCode).toBe(409);
    const unblocked = await console('POST', '/data/v1/referral/unblock', { id: blocked[0].id });
    expect(unblocked.json().data).toMatchObject({ state: 'pending' });
    const cancelled = await console('POST', '/data/v1/referral/cancel', { id: blocked[0].id, reason: 'test' });
    expect(cancelled.json().data.state).toBe('cancelled');
    expect((await console('POST', '/data/v1/referral/unblock', { id: 999_999 })).statusCode).toBe(404);
  });
});

import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signIn } from '../../../tests/helpers/server.ts';

describeEachDatabase('the onboarding reward', (ctx) => {
  const post = (url: string, headers: Record<string, string>, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: payload as object });
  const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

  it('saves the onboarding coupon reward as a real way to redeem, once however often it is saved', async () => {
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    const redeemTitles = async () => (await get('/redeem?limit=100&status=all', headers)).json().data.data.map((r: { title: string }) => r.title);
    const before = await redeemTitles();
    const reward = { title: '$5 off', discount_type: 'fixed_amount', discount_value: 500, points_cost: 100 };
    expect((await post('/coupon/onboarding/store', headers, reward)).json().data).toEqual(reward);
    expect((await get('/user/details', headers)).json().data.store.settings.onboarding_coupon_reward).toMatchObject(reward);
    expect(await redeemTitles()).toEqual(expect.arrayContaining([...before, '$5 off']));
    expect(await redeemTitles()).toHaveLength(before.length + 1);
    // the merchant goes back and changes the reward: the same rule changes
    const changed = { title: '10% off', discount_type: 'percentage', discount_value: 10, points_cost: 250 };
    expect((await post('/coupon/onboarding/store', headers, changed)).statusCode).toBe(200);
    const rules = (await get('/redeem?limit=100&status=all', headers)).json().data.data as {
      title: string;
      type: string;
      points_cost: number;
      discount_value: number;
    }[];
    expect(rules).toHaveLength(before.length + 1);
    expect(rules.find((r) => r.title === '10% off')).toMatchObject({ type: 'percentage', points_cost: 250, discount_value: 10 });
    const bad = await post('/coupon/onboarding/store', headers, { ...reward, discount_type: 'percentage', discount_value: 150 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('discount_value');
    expect((await get('/redeem?limit=100&status=all', headers)).json().data.data).toHaveLength(before.length + 1);
  });
});

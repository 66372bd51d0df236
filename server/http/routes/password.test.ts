import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signIn } from '../../../tests/helpers/server.ts';

describeEachDatabase('password change', (ctx) => {
  it('refuses a wrong current password and a short new one, and changes nothing', async () => {
    const { headers } = await signIn(ctx.app, ctx.fixture.users.bob, ctx.fixture.password);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers,
      payload: { current_password: 'nope', password: 'a-long-new-password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: 'Your current password is not correct.',
      errors: { current_password: 'Your current password is not correct.' },
    });
    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers,
      payload: { current_password: ctx.fixture.password, password: 'short' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: 'Use at least 8 characters.' });
    expect((await signIn(ctx.app, ctx.fixture.users.bob, ctx.fixture.password)).login.token).toBeTruthy();
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const other = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers,
      payload: { current_password: ctx.fixture.password, password: 'a-brand-new-secret' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/user/details', headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/user/details', headers: other.headers })).statusCode).toBe(401);
    const oldPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/login',
      payload: { email: ctx.fixture.users.alice, password: ctx.fixture.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    expect((await signIn(ctx.app, ctx.fixture.users.alice, 'a-brand-new-secret')).login.user.email).toBe(ctx.fixture.users.alice);
  });
});

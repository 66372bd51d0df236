// oxlint-disable no-async-endpoint-handlers -- a rule for Express; Fastify awaits async handlers
import { checkCredentials, consumeLoginCode } from '../../auth/sessions.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { completeLogin, loginRateLimit } from '../../auth/login.ts';
import { dataEnvelope, emptyBody } from '../../contract/common.ts';
import { loginBody, loginResult, passwordChangeBody, userRecord, userStageBody, userStatusBody } from '../../contract/session.ts';
import type { RouteModule } from '../context.ts';
import { ApiError } from '../errors.ts';
import { presentUser } from '../present.ts';

/** Spec §7 "Session and store": sign-in and the user record. */
export const sessionRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    app.post('/account/login', {
      config: { auth: 'none', rateLimit: loginRateLimit(app.config) },
      schema: { tags: ['session'], summary: 'Sign in with a one-time code or email and password', security: [], body: loginBody, response: { 200: dataEnvelope(loginResult) } },
    }, async (request) => {
      const now = app.clock.now();
      const body = request.body;
      const userId = 'code' in body
        ? await consumeLoginCode(app.db, body.code, now)
        : (await checkCredentials(app.db, body.email, body.password))?.id ?? null;
      if (userId === null) {
        throw 'code' in body
          ? new ApiError(401, 'This sign-in link has expired or was already used. Please sign in again.', 'invalid_code', { code: 'Expired or already used.' })
          : new ApiError(401, 'These credentials do not match our records.', 'invalid_credentials', { email: 'These credentials do not match our records.' });
      }
      return { data: await completeLogin(app.db, userId, now, app.config) };
    });

    app.get('/user/details', { schema: { tags: ['session'], summary: 'The signed-in user', response: { 200: dataEnvelope(userRecord) } } }, async (request) => ({
      data: presentUser(request.user, request.role, request.store),
    }));

    app.post('/user/status', { schema: { tags: ['session'], summary: 'Set the user status', body: userStatusBody, response: { 200: dataEnvelope(userRecord) } } }, async (request) => {
      const user = await app.db.updateTable('users').set({ status: request.body.status }).where('id', '=', request.user.id).returningAll().executeTakeFirstOrThrow();
      return { data: presentUser(user, request.role, request.store) };
    });

    app.post('/user/stage', { schema: { tags: ['session'], summary: 'Set the onboarding stage', body: userStageBody, response: { 200: dataEnvelope(userRecord) } } }, async (request) => {
      const user = await app.db.updateTable('users').set({ stage: request.body.stage }).where('id', '=', request.user.id).returningAll().executeTakeFirstOrThrow();
      return { data: presentUser(user, request.role, request.store) };
    });

    app.post('/account/password', {
      config: { rateLimit: loginRateLimit(app.config) },
      schema: { tags: ['session'], summary: 'Change the signed-in user\'s password; ends their other sessions', body: passwordChangeBody, response: { 200: dataEnvelope(userRecord) } },
    }, async (request) => {
      const { current_password: current, password } = request.body;
      if (!(await verifyPassword(current, request.user.password_hash))) {
        throw new ApiError(422, 'Your current password is not correct.', 'invalid_password', { current_password: 'Your current password is not correct.' });
      }
      const passwordHash = await hashPassword(password);
      await app.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', request.user.id).execute();
        await trx.updateTable('sessions').set({ revoked_at: app.clock.now() })
          .where('user_id', '=', request.user.id).where('id', '!=', request.sessionId).where('revoked_at', 'is', null).execute();
      });
      return { data: presentUser(request.user, request.role, request.store) };
    });

    app.post('/account/logout', { schema: { tags: ['session'], summary: 'End this console session', body: emptyBody } }, async (request) => {
      await app.db.updateTable('sessions').set({ revoked_at: app.clock.now() }).where('id', '=', request.sessionId).execute();
      return { data: { logged_out: true } };
    });
  },
};

import { checkCredentials, consumeLoginCode, revokeSession } from '../../auth/sessions.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { changePassword, updateUser } from '../../auth/users.ts';
import { completeLogin } from '../../auth/login.ts';
import { dataEnvelope, emptyBody } from '../../contract/common.ts';
import { loginBody, loginResult, passwordChangeBody, userRecord, userStageBody, userStatusBody } from '../../contract/session.ts';
import type { RouteModule } from '../context.ts';
import { ApiError } from '../errors.ts';
import { presentLogin, presentUser } from '../present.ts';
import { guardSignIn } from '../sign-in-guard.ts';

/** Spec §7 "Session and store": sign-in and the user record. */
export const sessionRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    app.post(
      '/account/login',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['session'],
          summary: 'Sign in with a one-time code or email and password',
          security: [],
          body: loginBody,
          response: { 200: dataEnvelope(loginResult) },
        },
      },
      async (request) => {
        const now = app.clock.now();
        const body = request.body;
        const guard = await guardSignIn(app, 'code' in body ? { ip: request.ip, code: true } : { ip: request.ip, email: body.email });
        const userId =
          'code' in body
            ? await consumeLoginCode(app.db, body.code, body.code_verifier, now)
            : ((await checkCredentials(app.db, body.email, body.password))?.id ?? null);
        if (userId === null) {
          throw 'code' in body
            ? new ApiError(401, 'This sign-in link has expired, was already used or was started in another browser. Please sign in again.', 'invalid_code', {
                code: 'Expired, already used or started in another browser.',
              })
            : new ApiError(401, 'These credentials do not match our records.', 'invalid_credentials', { email: 'These credentials do not match our records.' });
        }
        await guard.succeeded();
        return { data: presentLogin(await completeLogin(app.db, userId, now, app.config)) };
      },
    );

    app.get(
      '/user/details',
      { config: { permission: 'account:use' }, schema: { tags: ['session'], summary: 'The signed-in user', response: { 200: dataEnvelope(userRecord) } } },
      async (request) => ({
        data: presentUser(request.user, request.role, request.store),
      }),
    );

    app.post(
      '/user/status',
      {
        config: { permission: 'account:use' },
        schema: { tags: ['session'], summary: 'Set the user status', body: userStatusBody, response: { 200: dataEnvelope(userRecord) } },
      },
      async (request) => {
        const user = await updateUser(app.db, request.user.id, { status: request.body.status });
        return { data: presentUser(user, request.role, request.store) };
      },
    );

    app.post(
      '/user/stage',
      {
        config: { permission: 'account:use' },
        schema: { tags: ['session'], summary: 'Set the onboarding stage', body: userStageBody, response: { 200: dataEnvelope(userRecord) } },
      },
      async (request) => {
        const user = await updateUser(app.db, request.user.id, { stage: request.body.stage });
        return { data: presentUser(user, request.role, request.store) };
      },
    );

    app.post(
      '/account/password',
      {
        config: { permission: 'account:use' },
        schema: {
          tags: ['session'],
          summary: "Change the signed-in user's password; ends their other sessions",
          body: passwordChangeBody,
          response: { 200: dataEnvelope(userRecord) },
        },
      },
      async (request) => {
        const { current_password: current, password } = request.body;
        // a wrong current password is a failed sign-in of this e-mail (the same counter as the login routes)
        const guard = await guardSignIn(app, { ip: request.ip, email: request.user.email });
        if (!(await verifyPassword(current, request.user.password_hash))) {
          throw new ApiError(422, 'Your current password is not correct.', 'invalid_password', { current_password: 'Your current password is not correct.' });
        }
        await guard.succeeded();
        await changePassword(app.db, request.user.id, request.sessionId, password, app.clock.now());
        return { data: presentUser(request.user, request.role, request.store) };
      },
    );

    app.post(
      '/account/logout',
      { config: { permission: 'account:use' }, schema: { tags: ['session'], summary: 'End this console session', body: emptyBody } },
      async (request) => {
        await revokeSession(app.db, request.sessionId, app.clock.now());
        return { data: { logged_out: true } };
      },
    );
  },
};

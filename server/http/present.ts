import type { Role, Store, User } from '../db/schema.ts';
import type { OpenedSession } from '../auth/login.ts';

/** The store as the console sees it (spec §3): never the HMAC secret. */
export function presentStore(store: Store) {
  const settings = store.settings as Record<string, unknown>;
  const emailSettings = (settings.email_settings ?? {}) as Record<string, unknown>;
  return {
    id: store.id,
    store_id: store.id,
    title: store.title,
    platform: store.platform,
    store_name: store.store_name,
    domain: store.domain,
    access_token: store.access_token,
    has_hmac_secret: store.hmac_secret !== null,
    settings: {
      ...settings,
      website: store.website ?? '',
      email_settings: { ...emailSettings, unlayer: emailSettings.unlayer === true },
    },
  };
}

/** The user record of the login result and of GET /user/details. */
export function presentUser(user: User, role: Role | null, store: Store | null) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role,
    stage: user.stage,
    status: user.status,
    returning: user.sign_ins > 1,
    store: store ? presentStore(store) : null,
  };
}

/** The login result of spec §3: the session token, the store's access token and the user with their own token. */
export function presentLogin(opened: OpenedSession) {
  return {
    token: opened.token,
    store_access_token: opened.store?.access_token ?? null,
    user: { ...presentUser(opened.user, opened.role, opened.store), user_access_token: opened.userAccessToken },
  };
}

/**
 * What the modules above the stores do when a store changes under them. A new HMAC secret: the
 * platforms give the webhooks they registered for the store (BigCommerce sends the secret in a
 * header) the new one. The stores import none of those modules: the server registers the hook
 * when it builds the app (server/http/app.ts), and a rotation with nothing registered fails loudly
 * rather than leaving webhooks refused.
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';

/**
 * Runs in the rotating transaction, so the work it queues commits or rolls back with the secret;
 * answers whether it queued any (the route then wakes the workers).
 */
export type SecretRotatedHook = (trx: Db, config: Config, storeId: number, now: Date) => Promise<boolean>;

let secretRotated: SecretRotatedHook | undefined;

/** Registers what follows a new HMAC secret (a later registration replaces it). */
export function onSecretRotated(hook: SecretRotatedHook): void {
  secretRotated = hook;
}

/** The registered hook; throws when nothing registered it. */
export function secretRotatedHook(): SecretRotatedHook {
  if (!secretRotated) throw new Error('Nothing registered what follows a new HMAC secret (onSecretRotated).');
  return secretRotated;
}

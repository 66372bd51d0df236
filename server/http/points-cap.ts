import type { FastifyRequest } from 'fastify';
import type { Executor } from '../domain/ledger/index.ts';
import { withinPointsCap } from '../domain/ledger/index.ts';
import { adjustmentCap } from '../modules/stores/index.ts';
import type { App } from './context.ts';

/**
 * Runs a signed-in person's support action under their role's points cap (staff: the store's
 * `staff_adjustment_cap`; owners and admins none): every point it moves, by any path, counts.
 * Every route a staff role can call that writes goes through here; `asked` is the number of
 * points the person named, refused at once when beyond the cap.
 */
export function underPersonsCap<T>(app: App, request: FastifyRequest, work: (db: Executor) => Promise<T>, asked?: number): Promise<T> {
  return withinPointsCap(app.db, adjustmentCap(request.store, request.role), work, asked);
}

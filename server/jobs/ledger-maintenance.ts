import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import { expireDuePoints, releaseDuePoints } from '../domain/ledger/index.ts';

/**
 * Releases pending points whose approval window passed and expires batches past their expiry,
 * for every account (reads do the same for one customer). Both steps are idempotent, so two
 * processes running it at once write each entry once.
 */
export async function maintainLedger(db: Db, clock: Clock): Promise<{ released: number; expired: number }> {
  const now = clock.now();
  const released = await releaseDuePoints(db, now);
  const expired = await expireDuePoints(db, now);
  return { released, expired };
}

/** Runs `maintainLedger` every `intervalMs` in this process; returns the stop function. */
export function scheduleLedgerMaintenance(db: Db, clock: Clock, intervalMs: number, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    maintainLedger(db, clock).catch(onError).finally(() => {
      running = false;
    });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

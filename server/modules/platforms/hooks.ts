/**
 * What the modules above the platforms do when a platform asks: a store an install created gets
 * its starting program (the rules), a backfill's customers are written and a privacy request's
 * erased (the customers), a backfill's orders are applied and a shopper's customer found or created
 * (the orders). The platforms import none of those modules: the server hands them these when it
 * builds the app (server/http/app.ts), and a hook nobody registered fails loudly rather than doing
 * nothing.
 */
import type { Executor } from '../../domain/ledger/index.ts';
import type { OrderCustomer, OrderEvent } from '../../domain/schemas/normalized-order.ts';

/** A customer as a platform describes it (a webhook, a backfill line). */
export interface PlatformCustomer {
  externalId: string;
  email: string | null;
  firstName: string;
  lastName: string;
  /** the platform's tags (they replace the ones it sent before); null: a platform without tags leaves them */
  tags: string[] | null;
}

export interface PlatformHooks {
  /** a store an install just created: its starting program, in the install's transaction */
  storeCreated(trx: Executor, storeId: number, now: Date): Promise<void>;
  /** a batch of the platform's customers, found by platform id (else e-mail), created or brought up to date */
  upsertCustomers(
    trx: Executor,
    storeId: number,
    platform: string,
    customers: PlatformCustomer[],
  ): Promise<{ created: number; updated: number; unchanged: number }>;
  /** erases the personal data of the store's customers of these platform ids (all of them for null); answers how many */
  eraseCustomers(trx: Executor, storeId: number, externalIds: string[] | null, now: Date): Promise<number>;
  /** orders in their neutral shape, applied once each (earning, refunds, cancellations and what follows an order) */
  applyOrders(trx: Executor, storeId: number, events: OrderEvent[], now: Date): Promise<unknown>;
  /** our customer ids of these customers of the platform's orders, by e-mail (a placeholder from the platform id without one); unknown ones created */
  resolveCustomers(trx: Executor, storeId: number, platform: string, customers: OrderCustomer[]): Promise<Map<string, number>>;
}

const registered: Partial<PlatformHooks> = {};

/** Registers hooks (a later registration of the same hook replaces it). */
export function registerPlatformHooks(part: Partial<PlatformHooks>): void {
  Object.assign(registered, part);
}

/** The registered hook; throws when no loaded module registered it. */
export function platformHook<K extends keyof PlatformHooks>(name: K): PlatformHooks[K] {
  const hook = registered[name];
  if (!hook) throw new Error(`Nothing registered the platforms' ${name} hook (registerPlatformHooks).`);
  return hook as PlatformHooks[K];
}

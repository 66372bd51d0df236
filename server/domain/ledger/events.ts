import type { Executor } from './ledger.ts';
import type { LedgerEntry } from './tables.ts';

/**
 * What the ledger announces to the areas that follow it, inside the transaction that wrote the
 * entries: a subscriber's own writes (an email queued, …) commit or roll back with them. The
 * ledger knows no subscriber; an area subscribes when it is loaded.
 */
export interface LedgerEvents {
  /** pending points became available: the `release` entries written and the earns they released */
  'points.released': { releases: LedgerEntry[]; earns: LedgerEntry[] };
}
export type LedgerTopic = keyof LedgerEvents;
export type LedgerSubscriber<T extends LedgerTopic> = (trx: Executor, event: LedgerEvents[T], now: Date) => Promise<void>;

const subscribers: { [T in LedgerTopic]: Set<LedgerSubscriber<T>> } = { 'points.released': new Set() };

/** Subscribes to a topic (a function once, however often it subscribes); returns the unsubscribe. */
export function onLedgerEvent<T extends LedgerTopic>(topic: T, subscriber: LedgerSubscriber<T>): () => void {
  subscribers[topic].add(subscriber);
  return () => subscribers[topic].delete(subscriber);
}

/** Tells the topic's subscribers, one after the other, in the writing transaction. */
export async function publishLedgerEvent<T extends LedgerTopic>(trx: Executor, topic: T, event: LedgerEvents[T], now: Date): Promise<void> {
  for (const subscriber of subscribers[topic]) await subscriber(trx, event, now);
}

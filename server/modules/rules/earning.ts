import { json } from '../../db/normalize.ts';
import type { EarningRuleBody } from './contract/earning-rules.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import { describeRule } from './order-earn.ts';
import { DEFAULT_WORDS, type ProgramWords } from '../stores/index.ts';
import type { EarningRule } from './tables.ts';

export async function createEarningRule(db: Executor, storeId: number, body: EarningRuleBody, now: Date): Promise<EarningRule> {
  return db
    .insertInto('earning_rules')
    .values({
      store_id: storeId,
      type: body.type,
      title: body.title,
      status: body.status,
      points: body.points,
      config: json(body.config),
      limit_type: body.limit_type,
      limit_days: body.limit_days ?? null,
      limit_total: body.limit_total ?? null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateEarningRule(db: Executor, storeId: number, id: number, body: EarningRuleBody, now: Date): Promise<EarningRule | undefined> {
  return db
    .updateTable('earning_rules')
    .set({
      type: body.type,
      title: body.title,
      status: body.status,
      points: body.points,
      config: json(body.config),
      limit_type: body.limit_type,
      limit_days: body.limit_days ?? null,
      limit_total: body.limit_total ?? null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('store_id', '=', storeId)
    .returningAll()
    .executeTakeFirst();
}

export async function findEarningRule(db: Executor, storeId: number, id: number): Promise<EarningRule | undefined> {
  return db.selectFrom('earning_rules').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
}

export async function deleteEarningRule(db: Executor, storeId: number, id: number): Promise<boolean> {
  const row = await db.deleteFrom('earning_rules').where('id', '=', id).where('store_id', '=', storeId).returning('id').executeTakeFirst();
  return row !== undefined;
}

export async function listEarningRules(
  db: Executor,
  storeId: number,
  options: { status?: 'active' | 'inactive' | 'all'; limit?: number; offset?: number } = {},
): Promise<{ rows: EarningRule[]; total: number }> {
  let query = db.selectFrom('earning_rules').where('store_id', '=', storeId);
  if (options.status && options.status !== 'all') query = query.where('status', '=', options.status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id')
      .limit(options.limit ?? 1000)
      .offset(options.offset ?? 0)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The rule as the console reads it. */
export function presentEarningRule(rule: EarningRule, words: ProgramWords = DEFAULT_WORDS) {
  return {
    id: rule.id,
    type: rule.type,
    title: rule.title,
    status: rule.status,
    points: rule.points,
    config: rule.config,
    limit_type: rule.limit_type,
    limit_days: rule.limit_days,
    limit_total: rule.limit_total,
    description: describeRule(rule, words),
    created_at: rule.created_at.toISOString(),
    updated_at: rule.updated_at.toISOString(),
  };
}

import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import { inTransaction, type Executor } from '../../domain/ledger/index.ts';
import type { PerkBody, PerkInput, TierBody, VipSettingsBody } from './contract.ts';
import { FIGURES_SOURCE, holdFigures, rebuildFigures } from './figures.ts';
import { VipError, loadLadder, loadSettings, withTier, type TierWithPerks } from './ladder.ts';
import type { VipPerk } from './tables.ts';

/** The store's tiers (lowest first) with their perks and how many members each has. */
export async function listTiers(db: Executor, storeId: number): Promise<Array<TierWithPerks & { members: number }>> {
  const [ladder, counts] = await Promise.all([
    loadLadder(db, storeId),
    db
      .selectFrom('vip_members')
      .select(['tier_id', (eb) => eb.fn.countAll<number>().as('members')])
      .where('store_id', '=', storeId)
      .where('tier_id', 'is not', null)
      .groupBy('tier_id')
      .execute(),
  ]);
  const membersOf = new Map(counts.map((row) => [row.tier_id, toNumber(row.members)]));
  return ladder.tiers.map((tier) => ({ ...tier, members: membersOf.get(tier.id) ?? 0 }));
}

export async function findTier(db: Executor, storeId: number, id: number) {
  return (await listTiers(db, storeId)).find((tier) => tier.id === id);
}

const perkValues = (storeId: number, tierId: number, perk: PerkInput, now: Date) => ({
  store_id: storeId,
  tier_id: tierId,
  kind: perk.kind,
  title: perk.title,
  multiplier: perk.kind === 'multiplier' ? perk.multiplier : null,
  points: perk.kind === 'entry_reward' || perk.kind === 'birthday_bonus' ? perk.points : null,
  redeem_rule_id: perk.kind === 'exclusive_redeem' ? perk.redeem_rule_id : null,
  updated_at: now,
});

async function checkRedeemRules(db: Executor, storeId: number, perks: PerkInput[]): Promise<void> {
  for (const [index, perk] of perks.entries()) {
    if (perk.kind !== 'exclusive_redeem' || perk.redeem_rule_id === null) continue;
    const rule = await db.selectFrom('redeem_rules').select('id').where('store_id', '=', storeId).where('id', '=', perk.redeem_rule_id).executeTakeFirst();
    if (!rule) throw new VipError(422, 'That way to redeem does not exist.', 'validation_failed', `perks.${index}.redeem_rule_id`);
  }
}

/**
 * Creates or changes a tier (and replaces its perks when given). Refused, with nothing written,
 * when its threshold overlaps another tier's or its name is taken. Members move with the apply job.
 */
export async function storeTier(db: Executor, storeId: number, body: TierBody, now: Date): Promise<TierWithPerks> {
  return inTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(${storeId}, 15)`.execute(trx);
    const current = await trx.selectFrom('vip_tiers').selectAll().where('store_id', '=', storeId).execute();
    if (body.id !== undefined && !current.some((tier) => tier.id === body.id)) throw new VipError(404, 'Tier not found.', 'not_found');
    withTier<{ id?: number | undefined; name: string; threshold: number }>(current, { id: body.id, name: body.name, threshold: body.threshold });
    if (body.perks) await checkRedeemRules(trx, storeId, body.perks);
    const values = { name: body.name, threshold: body.threshold, description: body.description, updated_at: now };
    const tier =
      body.id === undefined
        ? await trx
            .insertInto('vip_tiers')
            .values({ store_id: storeId, ...values })
            .returningAll()
            .executeTakeFirstOrThrow()
        : await trx.updateTable('vip_tiers').set(values).where('store_id', '=', storeId).where('id', '=', body.id).returningAll().executeTakeFirstOrThrow();
    // the store's first tier: its figures were not kept until now
    if (current.length === 0) await rebuildFigures(trx, storeId);
    if (body.perks) {
      await trx.deleteFrom('vip_perks').where('store_id', '=', storeId).where('tier_id', '=', tier.id).execute();
      if (body.perks.length > 0)
        await trx
          .insertInto('vip_perks')
          .values(body.perks.map((perk) => perkValues(storeId, tier.id, perk, now)))
          .execute();
    }
    // a renamed tier: its members' customer rows say the new name
    await sql`update customers set vip_tier = ${tier.name}
      where store_id = ${storeId} and id in (select customer_id from vip_members where store_id = ${storeId} and tier_id = ${tier.id})`.execute(trx);
    const perks = await trx.selectFrom('vip_perks').selectAll().where('store_id', '=', storeId).where('tier_id', '=', tier.id).orderBy('id').execute();
    return { ...tier, perks };
  });
}

/** Deletes a tier and its perks; its members have no tier until the apply job measures them again. */
export async function deleteTier(db: Executor, storeId: number, id: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await sql`update customers set vip_tier = null
      where store_id = ${storeId} and id in (select customer_id from vip_members where store_id = ${storeId} and tier_id = ${id})`.execute(trx);
    const result = await trx.deleteFrom('vip_tiers').where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

export const findPerk = (db: Executor, storeId: number, id: number) =>
  db.selectFrom('vip_perks').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

/** POST /vip/perks/store: adds a perk to a tier, or changes one (one multiplier, entry reward… per tier). */
export async function storePerk(db: Executor, storeId: number, body: PerkBody, now: Date): Promise<VipPerk> {
  return inTransaction(db, async (trx) => {
    const tier = await trx.selectFrom('vip_tiers').select('id').where('store_id', '=', storeId).where('id', '=', body.tier_id).executeTakeFirst();
    if (!tier) throw new VipError(404, 'Tier not found.', 'not_found', 'tier_id');
    if (body.id !== undefined && !(await findPerk(trx, storeId, body.id))) throw new VipError(404, 'Perk not found.', 'not_found');
    await checkRedeemRules(trx, storeId, [body]);
    const same = await trx
      .selectFrom('vip_perks')
      .select('id')
      .where('tier_id', '=', body.tier_id)
      .where('kind', '=', body.kind)
      .where('kind', 'in', ['multiplier', 'entry_reward', 'birthday_bonus', 'free_shipping'])
      .executeTakeFirst();
    if (same && same.id !== body.id) throw new VipError(422, 'The tier already has a perk of this kind: change that one.', 'validation_failed', 'kind');
    const values = perkValues(storeId, body.tier_id, body, now);
    if (body.id === undefined) return trx.insertInto('vip_perks').values(values).returningAll().executeTakeFirstOrThrow();
    return trx.updateTable('vip_perks').set(values).where('store_id', '=', storeId).where('id', '=', body.id).returningAll().executeTakeFirstOrThrow();
  });
}

/** Deletes a perk; `rewardsOnly` for DELETE /vip/rewards/{id} (entry rewards and birthday bonuses). */
export async function deletePerk(db: Executor, storeId: number, id: number, rewardsOnly = false): Promise<boolean> {
  let query = db.deleteFrom('vip_perks').where('store_id', '=', storeId).where('id', '=', id);
  if (rewardsOnly) query = query.where('kind', 'in', ['entry_reward', 'birthday_bonus']);
  return Number((await query.executeTakeFirst()).numDeletedRows) > 0;
}

/**
 * POST /vip/settings/store. A basis measured on another source (points ↔ amount or orders) has no
 * day figures kept yet: the store's are rebuilt from history in the same transaction, under the
 * figures lock (taken first, so two saves and the earns between them agree on the basis).
 */
export async function saveSettings(db: Executor, storeId: number, body: VipSettingsBody, now: Date) {
  return inTransaction(db, async (trx) => {
    await holdFigures(trx, storeId);
    const before = await loadSettings(trx, storeId);
    const saved = await trx
      .insertInto('vip_settings')
      .values({ store_id: storeId, ...body, updated_at: now })
      .onConflict((oc) => oc.column('store_id').doUpdateSet({ ...body, updated_at: now }))
      .returning(['enabled', 'basis', 'period', 'fall_below'])
      .executeTakeFirstOrThrow();
    if (FIGURES_SOURCE[before.basis] !== FIGURES_SOURCE[saved.basis]) await rebuildFigures(trx, storeId);
    return saved;
  });
}

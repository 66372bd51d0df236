import { idParams } from '../../contract/common.ts';
import {
  perkBody,
  simulateBody,
  tierActivityQuery,
  tierBody,
  tierGroupBody,
  tierListQuery,
  tiersQueryBody,
  tierSwitchBody,
  vipSettingsBody,
  type PerkView,
  type TierActivityView,
  type TierView,
} from './contract.ts';
import { customerExists } from '../../domain/ledger/index.ts';
import {
  createApplyJob,
  deletePerk,
  deleteTier,
  describePerk,
  findJob,
  findPerk,
  listTierActivity,
  listTierGroup,
  listTiers,
  loadSettings,
  memberTier,
  presentJob,
  saveSettings,
  simulate,
  storePerk,
  storeTier,
  switchTier,
  type TierWithPerks,
  type VipPerk,
} from './service.ts';
import type { App, RouteModule } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { underPersonsCap } from '../../http/points-cap.ts';
import { asVipApiError } from './refusals.ts';

export const presentPerk = (perk: VipPerk): PerkView => ({
  id: perk.id,
  tier_id: perk.tier_id,
  kind: perk.kind,
  title: perk.title,
  multiplier: perk.multiplier === null ? null : Number(perk.multiplier),
  points: perk.points,
  redeem_rule_id: perk.redeem_rule_id,
  description: describePerk(perk),
});

const presentTier = (tier: TierWithPerks & { members?: number }): TierView => ({
  id: tier.id,
  name: tier.name,
  threshold: tier.threshold,
  description: tier.description,
  members: tier.members ?? 0,
  perks: tier.perks.map(presentPerk),
  updated_at: tier.updated_at.toISOString(),
});

/** Starts the background job that moves every customer to the tier the saved ladder gives them. */
async function startApplyJob(app: App, storeId: number) {
  const job = await createApplyJob(app.db, storeId, app.clock.now());
  app.work.jobsQueued.raise();
  return presentJob(job);
}

/** Spec §7 "Loyalty config": VIP tiers, perks and settings, with the simulation and the apply job. */
export const vipRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    const tags = ['vip'];

    app.get(
      '/vip',
      {
        config: { permission: 'program:read' },
        schema: { tags, summary: 'The tiers (lowest first) with perks and members, and the settings', querystring: tierListQuery },
      },
      async (request) => {
        const { limit, page } = request.query;
        const [tiers, settings] = await Promise.all([listTiers(app.db, request.store.id), loadSettings(app.db, request.store.id)]);
        return { data: { data: tiers.slice((page - 1) * limit, page * limit).map(presentTier), total: tiers.length, page, limit, settings } };
      },
    );

    app.get(
      '/vip/tiers/:id',
      { config: { permission: 'program:read' }, schema: { tags, summary: 'One tier with its perks and members', params: idParams } },
      async (request) => {
        const tier = (await listTiers(app.db, request.store.id)).find((candidate) => candidate.id === request.params.id);
        if (!tier) throw notFound('Tier');
        return { data: presentTier(tier) };
      },
    );

    app.post(
      '/vip/store',
      {
        config: { permission: 'program:edit' },
        schema: {
          tags,
          summary: 'Create or change a tier (with its perks); members move in a background job',
          description:
            'Refused with 422 when the threshold overlaps another tier or the name is taken; nothing is written then. Answers the tier and the job moving members.',
          body: tierBody,
        },
      },
      async (request, reply) => {
        const tier = await storeTier(app.db, request.store.id, request.body, app.clock.now()).catch(asVipApiError);
        const job = await startApplyJob(app, request.store.id);
        return reply.code(request.body.id === undefined ? 201 : 200).send({ data: { tier: presentTier(tier), job } });
      },
    );

    app.delete(
      '/vip/:id',
      { config: { permission: 'program:edit' }, schema: { tags, summary: 'Delete a tier; its members move in a background job', params: idParams } },
      async (request) => {
        if (!(await deleteTier(app.db, request.store.id, request.params.id))) throw notFound('Tier');
        return { data: { id: request.params.id, job: await startApplyJob(app, request.store.id) } };
      },
    );

    app.get('/vip/perks/:id', { config: { permission: 'program:read' }, schema: { tags, summary: 'One perk', params: idParams } }, async (request) => {
      const perk = await findPerk(app.db, request.store.id, request.params.id);
      if (!perk) throw notFound('Perk');
      return { data: presentPerk(perk) };
    });

    app.post(
      '/vip/perks/store',
      { config: { permission: 'program:edit' }, schema: { tags, summary: 'Add a perk to a tier, or change one (`id`)', body: perkBody } },
      async (request, reply) => {
        const perk = await storePerk(app.db, request.store.id, request.body, app.clock.now()).catch(asVipApiError);
        return reply.code(request.body.id === undefined ? 201 : 200).send({ data: presentPerk(perk) });
      },
    );

    app.delete('/vip/perks/:id', { config: { permission: 'program:edit' }, schema: { tags, summary: 'Delete a perk', params: idParams } }, async (request) => {
      if (!(await deletePerk(app.db, request.store.id, request.params.id))) throw notFound('Perk');
      return { data: { id: request.params.id } };
    });

    app.delete(
      '/vip/rewards/:id',
      { config: { permission: 'program:edit' }, schema: { tags, summary: 'Delete a tier reward (entry reward or birthday bonus)', params: idParams } },
      async (request) => {
        if (!(await deletePerk(app.db, request.store.id, request.params.id, true))) throw notFound('Tier reward');
        return { data: { id: request.params.id } };
      },
    );

    app.get(
      '/vip/settings',
      { config: { permission: 'program:read' }, schema: { tags, summary: 'What tiers are measured on, the period and the fall-below policy' } },
      async (request) => ({
        data: await loadSettings(app.db, request.store.id),
      }),
    );

    app.post(
      '/vip/settings/store',
      { config: { permission: 'program:edit' }, schema: { tags, summary: 'Save the tier settings; members move in a background job', body: vipSettingsBody } },
      async (request) => {
        const settings = await saveSettings(app.db, request.store.id, request.body, app.clock.now());
        return { data: { settings, job: await startApplyJob(app, request.store.id) } };
      },
    );

    app.post(
      '/vip/simulate',
      {
        config: { permission: 'program:read' },
        schema: {
          tags,
          summary: 'How many members a tier, ladder or settings change would move up or down, and the entry rewards it costs; nothing saved',
          body: simulateBody,
        },
      },
      async (request) => ({ data: await simulate(app.db, request.store.id, request.body, app.clock.now()).catch(asVipApiError) }),
    );

    app.get(
      '/vip/jobs/:id',
      { config: { permission: 'program:read' }, schema: { tags, summary: 'The progress of moving members after a change', params: idParams } },
      async (request) => {
        const job = await findJob(app.db, request.store.id, request.params.id);
        if (!job) throw notFound('Job');
        return { data: presentJob(job) };
      },
    );
  },
};

const presentActivity = (row: Awaited<ReturnType<typeof listTierActivity>>['rows'][number]): TierActivityView => ({
  id: row.id,
  customer: { id: row.customer_id, email: row.email, name: `${row.first_name} ${row.last_name}`.trim() },
  from: row.from_name,
  to: row.to_name,
  direction: row.direction,
  cause: row.cause,
  reason: row.reason,
  metric: row.metric,
  created_at: row.created_at.toISOString(),
});

/** Spec §7 data host: vip/tiers, vip/switch, /vip/group and vip/activity. */
export const dataVipRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    const tags = ['vip'];
    const ensureCustomer = async (storeId: number, customerId: number) => {
      if (!(await customerExists(app.db, storeId, customerId))) throw notFound('Customer');
    };

    app.post(
      '/vip/tiers',
      {
        config: { permission: 'customers:read' },
        schema: { tags, summary: "The tiers with members, and one customer's tier and progress when named", body: tiersQueryBody },
      },
      async (request) => {
        const customerId = request.body?.customer_id;
        if (customerId !== undefined) await ensureCustomer(request.store.id, customerId);
        const tiers = (await listTiers(app.db, request.store.id)).map(presentTier);
        return { data: { tiers, member: customerId === undefined ? null : await memberTier(app.db, request.store.id, customerId) } };
      },
    );

    app.post(
      '/vip/switch',
      {
        config: { permission: 'customers:support' },
        schema: { tags, summary: "Set a member's tier by hand, with a reason (kept until the period ends)", body: tierSwitchBody },
      },
      async (request) => {
        const { customer_id: customerId, tier_id: tierId, reason } = request.body;
        await ensureCustomer(request.store.id, customerId);
        const change = await underPersonsCap(app, request, (db) =>
          switchTier(db, { storeId: request.store.id, customerId, tierId, reason, who: request.user.name }, app.clock.now()),
        ).catch(asVipApiError);
        return { data: { changed: change !== null, member: await memberTier(app.db, request.store.id, customerId) } };
      },
    );

    app.post(
      '/vip/group',
      { config: { permission: 'customers:read' }, schema: { tags, summary: 'The members of one tier (or without a tier), paged', body: tierGroupBody } },
      async (request) => {
        const { tier_id: tierId, page, limit } = request.body;
        const { rows, total } = await listTierGroup(app.db, request.store.id, tierId, { limit, offset: (page - 1) * limit, now: app.clock.now() });
        return {
          data: {
            data: rows.map((row) => ({ ...row, name: `${row.first_name} ${row.last_name}`.trim(), tier_since: row.tier_since?.toISOString() ?? null })),
            total,
            page,
            limit,
          },
        };
      },
    );

    app.get(
      '/vip/activity',
      {
        config: { permission: 'customers:read' },
        schema: { tags, summary: 'Tier changes, newest first (one customer when named)', querystring: tierActivityQuery },
      },
      async (request) => {
        const { limit, page, customer_id: customerId } = request.query;
        if (customerId !== undefined) await ensureCustomer(request.store.id, customerId);
        const { rows, total } = await listTierActivity(app.db, request.store.id, { customerId, limit, offset: (page - 1) * limit });
        return { data: { data: rows.map(presentActivity), total, page, limit } };
      },
    );
  },
};

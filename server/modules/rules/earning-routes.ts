import { z } from 'zod';
import { idParams } from '../../contract/common.ts';
import {
  EARNING_RULE_TYPES,
  SOCIAL_NETWORKS,
  customEventBody,
  earningRuleBody,
  earningRuleUpdateBody,
  type EarningRuleBody,
  expirySettingsBody,
  listQuery,
} from './contract/earning-rules.ts';
import { readExpirySettings, saveExpirySettings } from './expiry.ts';
import { eventCustomer, recordCustomEvent } from './custom-events.ts';
import { programWords } from '../stores/index.ts';
import { createEarningRule, deleteEarningRule, findEarningRule, listEarningRules, presentEarningRule, updateEarningRule } from './earning.ts';
import type { RouteModule } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { asApiError } from '../../http/rule-errors.ts';
import { ensureCatalogueIds } from './catalogue-check.ts';

const PLATFORM_ACTIONS: Record<string, string[]> = {
  shopify: ['orders/create', 'orders/paid', 'orders/updated', 'orders/cancelled', 'refunds/create'],
  bigcommerce: ['store/order/created', 'store/order/updated', 'store/order/statusUpdated', 'store/order/refund/created'],
  custom: ['order.created', 'order.updated', 'order.paid', 'order.cancelled', 'order.refunded'],
};

const group = (type: string) => (type === 'order' ? 'orders' : type.startsWith('social') ? 'social' : type === 'custom' ? 'custom' : 'actions');

/** Spec §7 "Points": earning rules, their grouping, platform actions and points expiry. */
export const pointsRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    const ensureRuleCatalogue = (storeId: number, body: EarningRuleBody) =>
      body.type === 'order'
        ? ensureCatalogueIds(app.db, storeId, [
            { field: 'config.excluded_product_ids', kind: 'products', ids: body.config.excluded_product_ids },
            { field: 'config.excluded_collection_ids', kind: 'collections', ids: body.config.excluded_collection_ids },
            { field: 'config.excluded_tags', kind: 'tags', ids: body.config.excluded_tags },
            { field: 'config.excluded_variant_ids', kind: 'variants', ids: body.config.excluded_variant_ids },
          ])
        : Promise.resolve();
    app.post(
      '/points/store',
      { config: { permission: 'program:edit' }, schema: { tags: ['points'], summary: 'Create an earning rule', body: earningRuleBody } },
      async (request, reply) => {
        await ensureRuleCatalogue(request.store.id, request.body);
        const rule = await createEarningRule(app.db, request.store.id, request.body, app.clock.now());
        return reply.code(201).send({ data: presentEarningRule(rule, programWords(request.store.settings)) });
      },
    );

    app.post(
      '/points/update',
      { config: { permission: 'program:edit' }, schema: { tags: ['points'], summary: 'Update an earning rule', body: earningRuleUpdateBody } },
      async (request) => {
        const { id, ...body } = request.body;
        await ensureRuleCatalogue(request.store.id, body);
        const rule = await updateEarningRule(app.db, request.store.id, id, body, app.clock.now());
        if (!rule) throw notFound('Earning rule');
        return { data: presentEarningRule(rule, programWords(request.store.settings)) };
      },
    );

    app.delete(
      '/points/:id',
      { config: { permission: 'program:edit' }, schema: { tags: ['points'], summary: 'Delete an earning rule (its ledger entries stay)', params: idParams } },
      async (request) => {
        if (!(await deleteEarningRule(app.db, request.store.id, request.params.id))) throw notFound('Earning rule');
        return { data: { id: request.params.id } };
      },
    );

    app.get(
      '/points/list',
      { schema: { tags: ['points'], summary: 'Earning rules, paged', querystring: listQuery }, config: { permission: 'program:read', apiScope: 'rules:read' } },
      async (request) => {
        const { limit, page, status } = request.query;
        const { rows, total } = await listEarningRules(app.db, request.store.id, { status, limit, offset: (page - 1) * limit });
        return { data: { data: rows.map((rule) => presentEarningRule(rule, programWords(request.store.settings))), total, page, limit } };
      },
    );

    app.get(
      '/points/action/rule/:id',
      { schema: { tags: ['points'], summary: 'One earning rule', params: idParams }, config: { permission: 'program:read', apiScope: 'rules:read' } },
      async (request) => {
        const rule = await findEarningRule(app.db, request.store.id, request.params.id);
        if (!rule) throw notFound('Earning rule');
        return { data: presentEarningRule(rule, programWords(request.store.settings)) };
      },
    );

    app.get(
      '/points/action/rule/grouping',
      {
        config: { permission: 'program:read' },
        schema: {
          tags: ['points'],
          summary: 'Earning rules grouped by kind',
          querystring: z.strictObject({ status: z.enum(['active', 'inactive', 'all']).default('all') }),
        },
      },
      async (request) => {
        const { rows } = await listEarningRules(app.db, request.store.id, { status: request.query.status });
        const groups: Record<string, ReturnType<typeof presentEarningRule>[]> = { orders: [], actions: [], social: [], custom: [] };
        for (const rule of rows) groups[group(rule.type)]!.push(presentEarningRule(rule, programWords(request.store.settings)));
        return { data: { groups, types: EARNING_RULE_TYPES, networks: SOCIAL_NETWORKS } };
      },
    );

    app.post(
      '/points/event',
      {
        // the store's own systems report events (an API client with events:write); in the console
        // only roles that may award points beyond a support cap (a rule may be worth 1,000,000)
        config: { permission: 'customers:manage', apiScope: 'events:write' },
        schema: {
          tags: ['points'],
          summary: 'Report a custom event for a customer: its active custom earning rule awards points, once per event_id',
          description:
            "For the store's own systems (server to server). `customer_id` is our customer id; or send `email`. `event` is the event name of a custom earning rule (config.event). " +
            'A retry with the same `event_id` answers the same body with the header `Idempotent-Replayed: true` and writes nothing. ' +
            "404 `unknown_event` when no rule has this event, 422 `rule_inactive` when its rule is inactive, 409 `limit_reached` over the rule's limits.",
          body: customEventBody,
        },
      },
      async (request, reply) => {
        const { customer_id: id, email, event, event_id: eventId } = request.body;
        const found = await eventCustomer(app.db, request.store.id, id !== undefined ? { id } : { email: email! });
        if (!found) throw notFound('Customer');
        const { entry, ruleId, duplicate } = await recordCustomEvent(app.db, request.store.id, { customerId: found.id, event, eventId }, app.clock.now()).catch(
          asApiError,
        );
        if (duplicate) reply.header('idempotent-replayed', 'true');
        return {
          data: {
            customer_id: found.id,
            event,
            event_id: eventId,
            rule_id: ruleId,
            entry_id: entry.id,
            points: entry.points,
            pending_points: entry.pending_points,
          },
        };
      },
    );

    app.get(
      '/platform-action',
      { config: { permission: 'program:read' }, schema: { tags: ['points'], summary: "The store platform's order events that earn and reverse points" } },
      async (request) => {
        return {
          data: {
            platform: request.store.platform,
            actions: PLATFORM_ACTIONS[request.store.platform] ?? PLATFORM_ACTIONS.custom,
            rule_types: EARNING_RULE_TYPES,
          },
        };
      },
    );

    app.post(
      '/points/expiry/create',
      { config: { permission: 'program:edit' }, schema: { tags: ['points'], summary: 'Save the points expiry settings', body: expirySettingsBody } },
      async (request) => {
        await saveExpirySettings(app.db, request.store.id, request.body);
        return { data: request.body };
      },
    );

    app.get(
      '/points/expiry/detail',
      { config: { permission: 'program:read' }, schema: { tags: ['points'], summary: 'The points expiry settings' } },
      async (request) => {
        return { data: await readExpirySettings(app.db, request.store.id) };
      },
    );
  },
};

// oxlint-disable no-async-endpoint-handlers -- a rule for Express; Fastify awaits async handlers
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { dataEnvelope, emptyBody } from '../../contract/common.ts';
import { storeSummary } from '../../contract/session.ts';
import {
  channelCreateBody, channelRecord, channelRemoveBody, onboardingCouponBody, storeListItem, storeSettingsBody, storeTokenUpdateBody,
} from '../../contract/store.ts';
import { json } from '../../db/normalize.ts';
import type { RouteModule } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';
import { presentStore } from '../present.ts';
import { z } from 'zod';

/** Spec §7 "Session and store": the user's stores, switching, settings, HMAC secret, channels, onboarding. */
export const storeRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    app.get('/store/list', { schema: { tags: ['store'], summary: "The user's stores that have an access token", response: { 200: dataEnvelope(z.array(storeListItem)) } } }, async (request) => {
      const rows = await app.db.selectFrom('stores')
        .innerJoin('memberships', 'memberships.store_id', 'stores.id')
        .select(['stores.id', 'stores.title', 'stores.store_name', 'stores.access_token'])
        .where('memberships.user_id', '=', request.user.id)
        .where('stores.access_token', 'is not', null)
        .orderBy('stores.id')
        .execute();
      return { data: rows.map((row) => ({ store_id: row.id, store_title: row.title, store_name: row.store_name, access_token: row.access_token ?? '' })) };
    });

    app.post('/store/store-token/update', {
      schema: { tags: ['store'], summary: 'Switch this session to another of the user\'s stores', body: storeTokenUpdateBody, response: { 200: dataEnvelope(z.object({ store_access_token: z.string(), store: storeSummary })) } },
    }, async (request) => {
      const body = request.body;
      let query = app.db.selectFrom('stores')
        .innerJoin('memberships', 'memberships.store_id', 'stores.id')
        .selectAll('stores')
        .where('memberships.user_id', '=', request.user.id)
        .where('stores.access_token', 'is not', null);
      query = 'store_id' in body ? query.where('stores.id', '=', body.store_id) : query.where('stores.access_token', '=', body.access_token);
      const store = await query.executeTakeFirst();
      if (!store || !store.access_token) throw notFound('Store');
      await app.db.updateTable('sessions').set({ store_id: store.id }).where('id', '=', request.sessionId).execute();
      return { data: { store_access_token: store.access_token, store: presentStore(store) } };
    });

    app.post('/store/setting/update', { schema: { tags: ['store'], summary: 'Update the store settings', body: storeSettingsBody, response: { 200: dataEnvelope(storeSummary) } } }, async (request) => {
      const { title, website, email_settings: emailSettings, ...settingsPatch } = request.body;
      const hasPatch = Object.keys(settingsPatch).length > 0;
      if (title === undefined && website === undefined && emailSettings === undefined && !hasPatch) return { data: presentStore(request.store) };
      const store = await app.db.updateTable('stores')
        .set((eb) => {
          const merged = hasPatch ? sql<string>`${eb.ref('settings')} || ${json(settingsPatch)}::jsonb` : sql<string>`${eb.ref('settings')}`;
          const settings = emailSettings === undefined
            ? merged
            : sql<string>`jsonb_set(${merged}, '{email_settings}', coalesce(${eb.ref('settings')}->'email_settings', '{}'::jsonb) || ${json(emailSettings)}::jsonb)`;
          return {
            ...(title !== undefined ? { title } : {}),
            ...(website !== undefined ? { website: website || null } : {}),
            ...(emailSettings !== undefined || hasPatch ? { settings } : {}),
          };
        })
        .where('id', '=', request.store.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { data: presentStore(store) };
    });

    app.post('/store/setting/generate-hmac-secrets', { schema: { tags: ['store'], summary: 'Generate a new HMAC secret (shown once)', body: emptyBody, response: { 200: dataEnvelope(z.object({ hmac_secret: z.string() })) } } }, async (request) => {
      if (request.role !== 'owner') throw new ApiError(403, 'Only the store owner can generate the HMAC secret.', 'forbidden');
      const secret = randomBytes(32).toString('hex');
      await app.db.updateTable('stores').set({ hmac_secret: secret }).where('id', '=', request.store.id).execute();
      return { data: { hmac_secret: secret } };
    });

    app.get('/store/channel/list', { schema: { tags: ['store'], summary: 'Sales channels of the store', response: { 200: dataEnvelope(z.array(channelRecord)) } } }, async (request) => {
      const rows = await app.db.selectFrom('channels').select(['id', 'name', 'type', 'url', 'created_at'])
        .where('store_id', '=', request.store.id).orderBy('id').execute();
      return { data: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })) };
    });

    app.post('/store/channel/create', { schema: { tags: ['store'], summary: 'Add a sales channel', body: channelCreateBody, response: { 201: dataEnvelope(channelRecord) } } }, async (request, reply) => {
      const { name, type, url } = request.body;
      const row = await app.db.insertInto('channels').values({ store_id: request.store.id, name, type, url: url || null })
        .returning(['id', 'name', 'type', 'url', 'created_at']).executeTakeFirstOrThrow();
      return reply.code(201).send({ data: { ...row, created_at: row.created_at.toISOString() } });
    });

    app.post('/store/channel/remove', { schema: { tags: ['store'], summary: 'Remove a sales channel', body: channelRemoveBody, response: { 200: dataEnvelope(z.object({ id: z.number() })) } } }, async (request) => {
      const removed = await app.db.deleteFrom('channels').where('id', '=', request.body.id).where('store_id', '=', request.store.id)
        .returning('id').executeTakeFirst();
      if (!removed) throw notFound('Channel');
      return { data: { id: removed.id } };
    });

    app.post('/coupon/onboarding/store', { schema: { tags: ['store'], summary: 'Save the onboarding coupon reward', body: onboardingCouponBody, response: { 200: dataEnvelope(onboardingCouponBody) } } }, async (request) => {
      const reward = request.body;
      await app.db.updateTable('stores')
        .set((eb) => ({ settings: sql`jsonb_set(${eb.ref('settings')}, '{onboarding_coupon_reward}', ${json(reward)}::jsonb)` }))
        .where('id', '=', request.store.id).execute();
      return { data: reward };
    });
  },
};

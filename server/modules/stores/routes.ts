import { dataEnvelope, emptyBody } from '../../contract/common.ts';
import { storeSummary } from '../../contract/session.ts';
import { channelCreateBody, channelRecord, channelRemoveBody, reminderOrderError, storeListItem, storeSettingsBody, storeTokenUpdateBody } from './contract.ts';
import { moveSessionToStore } from '../../auth/sessions.ts';
import { findUserStore, listUserStores, rotateHmacSecret, updateStoreSettings } from './stores.ts';
import { createChannel, listChannels, removeChannel } from './channels.ts';
import type { RouteModule } from '../../http/context.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { expiryReminderDays } from '../../domain/schemas/expiry-reminders.ts';
import { presentStore } from '../../http/present.ts';
import { z } from 'zod';

/** Spec §7 "Session and store": the user's stores, switching, settings, HMAC secret, channels (the onboarding reward is the rules module's). */
export const storeRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    app.get(
      '/store/list',
      {
        config: { permission: 'account:use' },
        schema: { tags: ['store'], summary: "The user's stores that have an access token", response: { 200: dataEnvelope(z.array(storeListItem)) } },
      },
      async (request) => {
        const rows = await listUserStores(app.db, request.user.id);
        return { data: rows.map((row) => ({ store_id: row.id, store_title: row.title, store_name: row.store_name, access_token: row.access_token ?? '' })) };
      },
    );

    app.post(
      '/store/store-token/update',
      {
        config: { permission: 'account:use' },
        schema: {
          tags: ['store'],
          summary: "Switch this session to another of the user's stores",
          body: storeTokenUpdateBody,
          response: { 200: dataEnvelope(z.object({ store_access_token: z.string(), store: storeSummary })) },
        },
      },
      async (request) => {
        const store = await findUserStore(app.db, request.user.id, request.body);
        if (!store || !store.access_token) throw notFound('Store');
        await moveSessionToStore(app.db, request.sessionId, store.id);
        return { data: { store_access_token: store.access_token, store: presentStore(store) } };
      },
    );

    app.post(
      '/store/setting/update',
      {
        config: { permission: 'store:settings' },
        schema: { tags: ['store'], summary: 'Update the store settings', body: storeSettingsBody, response: { 200: dataEnvelope(storeSummary) } },
      },
      async (request) => {
        const { title, website, email_settings: emailSettings, ...settingsPatch } = request.body;
        // one reminder day changed alone is checked against the other one as stored
        if (emailSettings && (emailSettings.early_expiry_days !== undefined || emailSettings.final_expiry_days !== undefined)) {
          const stored = expiryReminderDays(request.store.settings as Record<string, unknown>);
          const early = emailSettings.early_expiry_days ?? stored.early;
          const final = emailSettings.final_expiry_days ?? stored.final;
          const wrong = reminderOrderError(early, final);
          if (wrong) throw new ApiError(422, `email_settings.early_expiry_days: ${wrong}`, 'validation_failed', { 'email_settings.early_expiry_days': wrong });
        }
        const store = await updateStoreSettings(app.db, request.store, { title, website, emailSettings, settingsPatch });
        return { data: presentStore(store) };
      },
    );

    app.post(
      '/store/setting/generate-hmac-secrets',
      {
        config: { permission: 'store:secrets' },
        schema: {
          tags: ['store'],
          summary: 'Generate a new HMAC secret (shown once)',
          body: emptyBody,
          response: { 200: dataEnvelope(z.object({ hmac_secret: z.string() })) },
        },
      },
      async (request) => {
        const { secret, workQueued } = await rotateHmacSecret(app.db, app.config, request.store.id, app.clock.now());
        if (workQueued) app.work.jobsQueued.raise();
        return { data: { hmac_secret: secret } };
      },
    );

    app.get(
      '/store/channel/list',
      {
        config: { permission: 'program:read' },
        schema: { tags: ['store'], summary: 'Sales channels of the store', response: { 200: dataEnvelope(z.array(channelRecord)) } },
      },
      async (request) => {
        return { data: await listChannels(app.db, request.store.id) };
      },
    );

    app.post(
      '/store/channel/create',
      {
        config: { permission: 'store:settings' },
        schema: { tags: ['store'], summary: 'Add a sales channel', body: channelCreateBody, response: { 201: dataEnvelope(channelRecord) } },
      },
      async (request, reply) => {
        return reply.code(201).send({ data: await createChannel(app.db, request.store.id, request.body) });
      },
    );

    app.post(
      '/store/channel/remove',
      {
        config: { permission: 'store:settings' },
        schema: { tags: ['store'], summary: 'Remove a sales channel', body: channelRemoveBody, response: { 200: dataEnvelope(z.object({ id: z.number() })) } },
      },
      async (request) => {
        if (!(await removeChannel(app.db, request.store.id, request.body.id))) throw notFound('Channel');
        return { data: { id: request.body.id } };
      },
    );
  },
};

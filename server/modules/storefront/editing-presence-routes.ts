import { z } from 'zod';
import { dataEnvelope, emptyBody } from '../../contract/common.ts';
import { editingPresence, studioParams } from './contract/editing-presence.ts';
import { heartbeat, leaveStudio, type PresenceKey } from '../../domain/documents/index.ts';
import type { App } from '../../http/context.ts';
import type { FastifyRequest } from 'fastify';
import { storeLanguages } from '../../../renderers/contract/index.ts';

const TAGS = ['onsite-display'];

/** This sign-in on this store's studio: the store and session of the tokens, never ones named in the request. */
const presenceKey = (request: FastifyRequest, studio: PresenceKey['studio']): PresenceKey => ({
  storeId: request.store.id,
  studio,
  sessionId: request.sessionId,
  userId: request.user.id,
});

/** Presence in the studios (server/contract/editing-presence.ts). */
export function registerPresenceRoutes(app: App): void {
  app.post(
    '/onsite-display/presence/:studio',
    {
      config: { permission: 'program:edit' },
      schema: {
        tags: TAGS,
        summary: "Heartbeat of an open studio: answers who else of this store has it open, and the store's languages",
        params: studioParams,
        body: emptyBody,
        response: { 200: dataEnvelope(editingPresence) },
      },
    },
    async (request) => ({
      data: {
        editors: await heartbeat(app.db, presenceKey(request, request.params.studio), app.clock.now()),
        // the store as this request read it: a language added or taken away in the settings reaches the open studio on its next beat
        languages: storeLanguages(request.store.settings as Record<string, unknown>),
      },
    }),
  );

  app.post(
    '/onsite-display/presence/:studio/leave',
    {
      config: { permission: 'program:edit' },
      schema: {
        tags: TAGS,
        summary: 'The studio was closed: this sign-in no longer counts as editing it',
        params: studioParams,
        body: emptyBody,
        response: { 200: dataEnvelope(z.object({ left: z.literal(true) })) },
      },
    },
    async (request) => {
      await leaveStudio(app.db, presenceKey(request, request.params.studio));
      return { data: { left: true as const } };
    },
  );
}

import { z } from 'zod';
import { beaconBody, experiment, publishWinnerBody, startExperimentBody, variant, variantParams } from './contract.ts';
import { dataEnvelope, emptyBody, idParams } from '../../contract/common.ts';
import { storeKeyParams } from '../../contract/storefront.ts';
import type { RouteModule } from '../../http/context.ts';
import { documentErrorHandler, registerVersionRoutes } from '../../http/document-routes.ts';
import { ApiError } from '../../http/errors.ts';
import { listExperiments, publishWinner, startExperiment, stopExperiment } from './experiments.ts';
import { BeaconCounter } from './beacons.ts';
import { findVariant, variantFromPublished } from './variants.ts';

const TAGS = ['onsite-display'];

/** The console's calls: variant B of a surface, and the experiments run with it. */
export const experimentRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    app.setErrorHandler(documentErrorHandler(app.config.bodyLimitBytes));
    app.get(
      '/onsite-display/variants/:kind',
      {
        config: { permission: 'program:read' },
        schema: {
          tags: TAGS,
          summary: "The latest version of a surface's variant B (null when none is saved)",
          params: variantParams,
          response: { 200: dataEnvelope(variant.nullable()) },
        },
      },
      async (request) => ({ data: await findVariant(app.db, request.store.id, request.params.kind) }),
    );

    // B's drafts, versions and restore: the calls of A's (409 on a stale base), on B's line of versions
    registerVersionRoutes(app, { path: '/onsite-display/variants/:kind', params: variantParams, variant: 'b', name: 'variant B', tags: TAGS });

    app.post(
      '/onsite-display/variants/:kind/from-published',
      {
        config: { permission: 'program:edit' },
        schema: {
          tags: TAGS,
          summary: "Variant B's next version as a copy of what shoppers see now (creates B when there is none)",
          params: variantParams,
          body: emptyBody,
          response: { 201: dataEnvelope(variant) },
        },
      },
      async (request, reply) => reply.code(201).send({ data: await variantFromPublished(app.db, request.store.id, request.params.kind, request.user.id) }),
    );

    app.get(
      '/onsite-display/experiments',
      {
        config: { permission: 'program:read' },
        schema: { tags: TAGS, summary: "The store's experiments with their results, newest first", response: { 200: dataEnvelope(z.array(experiment)) } },
      },
      async (request) => ({ data: await listExperiments(app.db, request.store.id) }),
    );

    app.post(
      '/onsite-display/experiments',
      {
        config: { permission: 'program:publish' },
        schema: {
          tags: TAGS,
          summary: 'Start an experiment: the published surface (A) against its variant B, split 1–99 % to B',
          body: startExperimentBody,
          response: { 201: dataEnvelope(experiment) },
        },
      },
      async (request, reply) => {
        const started = await startExperiment(app.db, {
          storeId: request.store.id,
          kind: request.body.kind,
          splitB: request.body.split_b,
          userId: request.user.id,
          now: app.clock.now(),
        });
        return reply.code(201).send({ data: started });
      },
    );

    app.post(
      '/onsite-display/experiments/:id/stop',
      {
        config: { permission: 'program:publish' },
        schema: {
          tags: TAGS,
          summary: 'Stop an experiment: everyone sees A again',
          params: idParams,
          body: emptyBody,
          response: { 200: dataEnvelope(experiment) },
        },
      },
      async (request) => ({ data: await stopExperiment(app.db, request.store.id, request.params.id, app.clock.now()) }),
    );

    app.post(
      '/onsite-display/experiments/:id/publish',
      {
        config: { permission: 'program:publish' },
        schema: {
          tags: TAGS,
          summary: 'Stop an experiment and publish the winner (the version of B it showed becomes the published version; A keeps it)',
          params: idParams,
          body: publishWinnerBody,
          response: { 200: dataEnvelope(experiment) },
        },
      },
      async (request) => ({
        data: await publishWinner(app.db, request.store.id, request.params.id, request.body.variant, request.user.id, app.clock.now()),
      }),
    );
  },
};

const badJson = () => new ApiError(400, 'A beacon is one JSON object: { "token", "event" }.', 'invalid_json');

/**
 * `POST /storefront/v1/{store key}/beacon`: the embed's navigator.sendBeacon (a text/plain body
 * holding JSON, so no preflight) reporting one event of one page load in an experiment.
 */
export const beaconRoutes: RouteModule = {
  prefix: '/storefront/v1',
  register(app) {
    // the beacons taken are all counted before the app closes (and the database with it)
    const beacons = new BeaconCounter(app.db);
    app.addHook('onClose', () => beacons.close());
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badJson(), undefined);
      }
    });
    app.post(
      '/:storeKey/beacon',
      {
        bodyLimit: 1024,
        schema: {
          tags: ['storefront'],
          summary: "An experiment's page-load event (widget open, redemption): once per page load, rate-limited per shopper and address",
          params: storeKeyParams,
          body: beaconBody,
          response: { 202: dataEnvelope(z.object({ counted: z.boolean() })) },
        },
      },
      async (request, reply) => {
        const counted = await beacons.count(request.params.storeKey, { ...request.body, address: request.ip }, app.clock.now());
        return reply.code(202).header('access-control-allow-origin', '*').send({ data: { counted } });
      },
    );
  },
};

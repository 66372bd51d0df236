/**
 * Order status settings (spec §7 "Apps and integrations"): `GET /order/list` (the statuses each
 * platform sends, which award and which cancel) and `POST /order/store` (saved on every order
 * earning rule; orders processed from then on follow them).
 */
import { orderStatusSettings, orderStatusSettingsBody } from '../rules/contract/order-statuses.ts';
import { dataEnvelope } from '../../contract/common.ts';
import { readOrderStatusSettings, saveOrderStatusSettings } from './order-statuses.ts';
import type { RouteModule } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';

export const orderSettingsRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    app.get(
      '/order/list',
      {
        config: { permission: 'program:read' },
        schema: {
          tags: ['apps'],
          summary: 'Order status settings: which platform statuses award and cancel',
          response: { 200: dataEnvelope(orderStatusSettings) },
        },
      },
      async (request) => ({ data: await readOrderStatusSettings(app.db, request.store.id) }),
    );
    app.post(
      '/order/store',
      {
        config: { permission: 'store:settings' },
        schema: {
          tags: ['apps'],
          summary: 'Save which platform statuses award and cancel (every order earning rule)',
          body: orderStatusSettingsBody,
          response: { 200: dataEnvelope(orderStatusSettings) },
        },
      },
      async (request) => {
        const saved = await saveOrderStatusSettings(app.db, request.store.id, request.body, app.clock.now());
        if (saved === 0) {
          const message = 'Create an order earning rule first: the statuses are part of it.';
          throw new ApiError(422, message, 'validation_failed', { award_statuses: message });
        }
        return { data: await readOrderStatusSettings(app.db, request.store.id) };
      },
    );
  },
};

/**
 * Dashboard (spec §7 "Dashboard"): `GET /api/v1/dashboard/status` (setup progress and headline
 * figures), data host `POST /data/v1/dashboard/dismiss` (hide the setup list for good) and
 * `GET /data/v1/dashboard/activities` (the latest activity, newest first).
 */
import { dataEnvelope, emptyBody } from '../../contract/common.ts';
import { activities, activitiesQuery, dashboardStatus } from './contract/dashboard.ts';
import { dismissSetupProgress, headlineFigures, latestActivity, setupProgress } from './service.ts';
import type { App, RouteModule } from '../../http/context.ts';

function registerStatus(app: App) {
  app.get(
    '/dashboard/status',
    {
      config: { permission: 'program:read' },
      schema: {
        tags: ['dashboard'],
        summary: "Setup progress and the last 30 days' figures against the 30 before",
        response: { 200: dataEnvelope(dashboardStatus) },
      },
    },
    async (request) => {
      const [setup, figures] = await Promise.all([setupProgress(app.db, request.store.id), headlineFigures(app.db, request.store.id, app.clock.now())]);
      return { data: { setup, figures } };
    },
  );
}

function registerData(app: App) {
  app.post(
    '/dashboard/dismiss',
    {
      config: { permission: 'program:edit' },
      schema: {
        tags: ['dashboard'],
        summary: 'Hides the setup progress list for good',
        body: emptyBody,
        response: { 200: dataEnvelope(dashboardStatus.shape.setup) },
      },
    },
    async (request) => {
      await dismissSetupProgress(app.db, request.store.id);
      return { data: await setupProgress(app.db, request.store.id) };
    },
  );
  app.get(
    '/dashboard/activities',
    {
      config: { permission: 'program:read' },
      schema: {
        tags: ['dashboard'],
        summary: 'The latest activity of the program, newest first',
        querystring: activitiesQuery,
        response: { 200: dataEnvelope(activities) },
      },
    },
    async (request) => ({ data: await latestActivity(app.db, request.store.id, request.query.limit) }),
  );
}

export const dashboardRoutes: RouteModule = { prefix: '/api/v1', register: registerStatus };
export const dataDashboardRoutes: RouteModule = { prefix: '/data/v1', register: registerData };

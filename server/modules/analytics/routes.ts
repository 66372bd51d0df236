/**
 * Analytics (spec §7 data host): `POST analytics/filter-options`, `analytics/metrics` (the
 * period's figures, the previous period's, the points liability) and `analytics/charts` (the
 * period's series by day, week or month; with `compare`, the previous period's beside them).
 */
import { ANALYTICS_MAX_DAYS, analyticsBody, chartsAnswer, filterOptionsAnswer, metricsAnswer, type AnalyticsBody } from './contract/analytics.ts';
import { dataEnvelope, emptyBody } from '../../contract/common.ts';
import {
  filterOptions,
  freshenRollups,
  holdoutLift,
  isoDay,
  memberFilterOf,
  outstandingLiability,
  periodCharts,
  periodMetrics,
  periodOf,
  previousPeriod,
  unknownFilterField,
  type Period,
} from './service.ts';
import { storeCurrency } from '../stores/index.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { App, RouteModule } from '../../http/context.ts';

const FILTER_LABELS = { tag: 'the tag', tier: 'the VIP tier', source: 'the source', channel: 'an order through the channel' } as const;

/** The body's period and member filter, each filter value checked against the store's customers. */
async function readQuery(db: Executor, storeId: number, body: AnalyticsBody) {
  const filter = memberFilterOf({ tag: body.tag ?? null, tier: body.tier ?? null, source: body.source ?? null, channel: body.channel ?? null });
  const unknown = filter && (await unknownFilterField(db, storeId, filter));
  if (unknown) {
    const message = `No customer of this store has ${FILTER_LABELS[unknown]} "${String(filter[unknown])}".`;
    throw new ApiError(422, message, 'validation_failed', { [unknown]: message });
  }
  const period = periodOf(body.from, body.to);
  return { period, filter, currency: await storeCurrency(db, storeId) };
}

const describe = (period: Period) => ({ from: isoDay(period.start), to: isoDay(new Date(period.end.getTime() - 86_400_000)), granularity: period.granularity });

function register(app: App) {
  app.post(
    '/analytics/filter-options',
    {
      config: { permission: 'program:read' },
      schema: {
        tags: ['analytics'],
        summary: 'What analytics can filter by (customer tags, VIP tiers, sources, sales channels) and the longest period',
        body: emptyBody,
        response: { 200: dataEnvelope(filterOptionsAnswer) },
      },
    },
    async (request) => {
      await freshenRollups(app.db, request.store.id);
      return { data: { ...(await filterOptions(app.db, request.store.id)), max_days: ANALYTICS_MAX_DAYS } };
    },
  );
  app.post(
    '/analytics/metrics',
    {
      config: { permission: 'program:read' },
      schema: {
        tags: ['analytics'],
        summary: "The period's figures, the previous period's and the points liability",
        body: analyticsBody,
        response: { 200: dataEnvelope(metricsAnswer) },
      },
    },
    async (request) => {
      const storeId = request.store.id;
      const { period, filter, currency } = await readQuery(app.db, storeId, request.body);
      const preparing = await freshenRollups(app.db, storeId);
      const [current, previous, liability, lift] = await Promise.all([
        periodMetrics(app.db, storeId, period, filter),
        request.body.compare ? periodMetrics(app.db, storeId, previousPeriod(period), filter) : null,
        outstandingLiability(app.db, storeId, app.clock.now(), filter),
        holdoutLift(app.db, storeId, period, currency),
      ]);
      const holdoutPercent = Number((request.store.settings as { holdout_percent?: number }).holdout_percent ?? 0);
      return { data: { period: describe(period), currency, current, previous, liability, lift, holdout_percent: holdoutPercent, preparing_days: preparing } };
    },
  );
  app.post(
    '/analytics/charts',
    {
      config: { permission: 'program:read' },
      schema: { tags: ['analytics'], summary: "The period's series by day, week or month", body: analyticsBody, response: { 200: dataEnvelope(chartsAnswer) } },
    },
    async (request) => {
      const storeId = request.store.id;
      const { period, filter, currency } = await readQuery(app.db, storeId, request.body);
      const preparing = await freshenRollups(app.db, storeId);
      const [charts, before] = await Promise.all([
        periodCharts(app.db, storeId, period, currency, filter),
        request.body.compare ? periodCharts(app.db, storeId, previousPeriod(period), currency, filter, true) : null,
      ]);
      // the previous period drawn beside each series, bucket by bucket
      const compared = charts.map((chart, index) => ({
        ...chart,
        series: [
          ...chart.series,
          ...(chart.comparable ? (before?.[index]?.series ?? []) : []).map((series) => ({
            label: `${series.label} (previous period)`,
            values: chart.x.map((_, at) => series.values[at] ?? 0),
            previous: true,
          })),
        ],
      }));
      return { data: { period: describe(period), currency, charts: compared, preparing_days: preparing } };
    },
  );
}

export const analyticsRoutes: RouteModule = { prefix: '/data/v1', register };

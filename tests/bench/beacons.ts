/**
 * Experiment beacons: `POST /storefront/v1/{store}/beacon` offered at a steady 1,000 a second
 * (open loop: each beacon leaves at its own time, whether or not the earlier ones were answered,
 * so a slow server shows up as latency, not as a slower sender), through the real route
 * (`app.inject`: parsing, the token's signature, the rate limits, the counting), on PGlite and on
 * PostgreSQL. Each beacon is one widget open of one page load of its own shopper and address, so
 * every one is counted. Latency runs from the moment the beacon was due to its 202.
 * BENCH_BEACONS scales how many (default 3,000: three seconds).
 */
import { loadavg } from 'node:os';
import { loadConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/connection.ts';
import { buildApp } from '../../server/http/app.ts';
import { assignShopper, startExperiment, variantFromPublished } from '../../server/modules/experiments/index.ts';
import { seedStore } from './ledger.ts';
import { measureOnEachDatabase } from './pglite.ts';
import type { BenchRow } from './run.ts';

const RATE_PER_SECOND = 1_000;
const P99_BUDGET_MS = 50;
const BEACONS = Number(process.env.BENCH_BEACONS) || 3_000;
const WARM_UP = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** A running widget experiment on a new store, and one beacon token per page load of `count` shoppers. */
async function experimentWithPageLoads(db: Db, slug: string, count: number) {
  const store = await seedStore(db, slug);
  const now = new Date();
  await variantFromPublished(db, store.id, 'widget', null);
  await startExperiment(db, { storeId: store.id, kind: 'widget', splitB: 50, userId: null, now });
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const [assignment] = await assignShopper(db, store.id, { anonymousId: `bench-shopper-${i}`, customerId: null }, ['widget'], now);
    tokens.push(assignment!.beacon);
  }
  return tokens;
}

async function measure(db: Db, label: string): Promise<BenchRow[]> {
  const tokens = await experimentWithPageLoads(db, 'beacon-bench', WARM_UP + BEACONS);
  const app = await buildApp({ config: { ...loadConfig({}), consoleDir: '/nonexistent', seedDemo: false }, db, logLevel: 'silent' });
  await app.ready();
  try {
    const send = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/storefront/v1/beacon-bench/beacon',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ token: tokens[i], event: 'open' }),
        remoteAddress: address(i),
      });
    await Promise.all(Array.from({ length: WARM_UP }, (_, i) => send(i)));

    const latencies: number[] = [];
    let counted = 0;
    let refused = 0;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const answers: Promise<void>[] = [];
    for (let n = 0; n < BEACONS; n++) {
      const due = started + (n * 1000) / RATE_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      answers.push(
        send(WARM_UP + n).then((response) => {
          latencies.push(performance.now() - due);
          if (response.statusCode === 202 && response.json().data.counted === true) counted += 1;
          else refused += 1;
        }),
      );
    }
    await Promise.all(answers);
    const seconds = (performance.now() - started) / 1000;
    // this process's CPU time per beacon (the route, and on PGlite the database too): less swayed by a busy machine than the latency
    const cpu = process.cpuUsage(cpuBefore);
    const cpuPerBeacon = (cpu.user + cpu.system) / 1000 / BEACONS;
    // every answered count is in the table (the warm-up's included)
    const stored = await db
      .selectFrom('experiment_shoppers')
      .select((eb) => eb.fn.sum<number | string>('opens').as('opens'))
      .executeTakeFirstOrThrow();
    const sorted = latencies.toSorted((a, b) => a - b);
    const p99 = percentile(sorted, 0.99);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    return [
      {
        metric: `beacons, ${label}: offered ${RATE_PER_SECOND.toLocaleString('en')}/s for ${BEACONS.toLocaleString('en')}, accepted and counted`,
        ours: `${counted.toLocaleString('en')} (${(counted / seconds).toFixed(0)}/s)`,
        compare: `all ${BEACONS.toLocaleString('en')} at ≥ ${RATE_PER_SECOND}/s`,
        verdict: refused > 0 ? `${refused} not counted` : counted / seconds >= RATE_PER_SECOND * 0.95 ? 'ok' : 'below the offered rate',
      },
      {
        metric: `beacon latency from due time, ${label}: p50 / p95 / p99 / max`,
        ours: `${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.95))} / ${ms(p99)} / ${ms(sorted.at(-1)!)}`,
        compare: `p99 ≤ ${P99_BUDGET_MS} ms`,
        verdict: p99 <= P99_BUDGET_MS ? 'ok' : 'over budget',
      },
      {
        metric: `server CPU per beacon, ${label} (this process: the route, and on PGlite the database too)`,
        ours: `${cpuPerBeacon.toFixed(2)} ms (${((cpuPerBeacon * RATE_PER_SECOND) / 10).toFixed(0)} % of a core at ${RATE_PER_SECOND}/s)`,
      },
      {
        metric: `widget opens stored, ${label}: against the beacons answered as counted`,
        ours: Number(stored.opens).toLocaleString('en'),
        compare: (WARM_UP + counted).toLocaleString('en'),
        verdict: Number(stored.opens) === WARM_UP + counted ? 'ok' : 'counts differ',
      },
    ];
  } finally {
    await app.close();
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows = await measureOnEachDatabase('ls_beacon_bench', measure);
  return [...rows, { metric: 'machine load (1 min average, 2 cores)', ours: loadavg()[0]!.toFixed(1) }];
}

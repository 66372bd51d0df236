/**
 * `npm run bench`: every performance budget of the product, measured on this machine and printed
 * as tables (never asserted as timings in tests). Each bench module exports
 * `run(): Promise<BenchRow[]>`; a module that is missing or fails is reported, not fatal.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { closeScaleStores } from './scale-store.ts';

export interface BenchRow {
  metric: string;
  ours: string;
  /** the peer's figure or the budget it is compared against */
  compare?: string;
  /** 'ok' | 'over budget' | free text */
  verdict?: string;
}

const BENCHES: { title: string; module: string }[] = [
  { title: 'Storefront embed size', module: 'storefront.ts' },
  { title: 'Builder canvas latency', module: 'builder.ts' },
  { title: 'Ledger throughput', module: 'ledger.ts' },
  { title: 'Webhook acknowledgement under burst', module: 'webhooks.ts' },
  { title: 'Experiment beacons', module: 'beacons.ts' },
  { title: 'Dashboard and analytics at scale', module: 'analytics.ts' },
  { title: 'Points impact preview', module: 'points-preview.ts' },
  { title: 'Customer list at scale', module: 'customers.ts' },
  { title: 'Customer CSV import', module: 'customer-import.ts' },
  { title: 'VIP tiers: earn overhead and threshold simulation', module: 'vip.ts' },
  { title: 'Reward codes on the shop’s platform', module: 'reward-codes.ts' },
  { title: 'Shopify customer backfill (bulk operation file)', module: 'shopify-backfill.ts' },
];

function printTable(title: string, rows: BenchRow[]) {
  const header = { metric: 'metric', ours: 'ours', compare: 'peer / budget', verdict: 'verdict' };
  const all = [header, ...rows.map((r) => ({ metric: r.metric, ours: r.ours, compare: r.compare ?? '', verdict: r.verdict ?? '' }))];
  const widths = (['metric', 'ours', 'compare', 'verdict'] as const).map((k) => Math.max(...all.map((r) => r[k].length)));
  const line = (r: (typeof all)[number]) => `| ${[r.metric, r.ours, r.compare, r.verdict].map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n## ${title}\n`);
  console.log(line(all[0]!));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of all.slice(1)) console.log(line(row));
}

const only = process.argv.slice(2);
for (const bench of BENCHES) {
  if (only.length && !only.some((o) => bench.module.startsWith(o))) continue;
  const path = join(import.meta.dirname, bench.module);
  if (!existsSync(path)) {
    console.log(`\n## ${bench.title}\n\n(not measured yet: ${bench.module} is missing)`);
    continue;
  }
  try {
    const module = (await import(path)) as { run: () => Promise<BenchRow[]> };
    printTable(bench.title, await module.run());
  } catch (error) {
    console.log(`\n## ${bench.title}\n\nfailed: ${(error as Error).stack ?? error}`);
    process.exitCode = 1;
  }
}
// the large store the scale benches shared: its databases closed, the PostgreSQL one dropped
await closeScaleStores();

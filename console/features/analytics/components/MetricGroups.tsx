import type { AnalyticsMetrics, MetricsAnswer } from '../../../../server/contract/analytics.ts';
import { Stat } from '../../../components/ui/Stat.tsx';
import { formatCount, moneyFormatter, formatRate } from '../../../lib/format.ts';

interface Metric {
  key: keyof AnalyticsMetrics;
  label: string;
  format: (value: number) => string;
}

/** The period's figures in two groups, each against the previous period when it was asked for. */
export function MetricGroups({ metrics }: { metrics: MetricsAnswer }) {
  const cash = moneyFormatter(metrics.currency);
  const groups: { title: string; items: Metric[] }[] = [
    {
      title: 'Members and points',
      items: [
        { key: 'members_joined', label: 'New members', format: formatCount },
        { key: 'points_issued', label: 'Points issued', format: formatCount },
        { key: 'points_redeemed', label: 'Points redeemed', format: formatCount },
        { key: 'redemption_rate', label: 'Redemption rate', format: formatRate },
        { key: 'rewards_used', label: 'Rewards used at checkout', format: formatCount },
      ],
    },
    {
      title: 'Orders',
      items: [
        { key: 'member_revenue_minor', label: 'Revenue from members', format: cash },
        { key: 'guest_revenue_minor', label: 'Revenue from guests', format: cash },
        { key: 'member_aov_minor', label: 'Average order, members', format: cash },
        { key: 'guest_aov_minor', label: 'Average order, guests', format: cash },
        { key: 'repeat_rate', label: 'Members who ordered again', format: formatRate },
      ],
    },
  ];
  return (
    <>
      {groups.map((group) => (
        <section key={group.title} className="ls-card" aria-label={group.title}>
          <h2>{group.title}</h2>
          <dl className="ls-stat-grid">
            {group.items.map((item) => (
              <Stat key={item.key} label={item.label} value={metrics.current[item.key]} previous={metrics.previous?.[item.key]} format={item.format} />
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}

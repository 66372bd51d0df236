import type { DashboardFigures, DashboardStatus } from '../../../../server/contract/dashboard.ts';
import { PreparingBanner } from '../../../components/ui/PreparingBanner.tsx';
import { Stat } from '../../../components/ui/Stat.tsx';
import { formatCount, moneyFormatter } from '../../../lib/format.ts';

/** The five headline figures of the last 30 days, each against the 30 days before. */
export function HeadlineFigures({ figures }: { figures: DashboardStatus['figures'] }) {
  const money = moneyFormatter(figures.currency);
  const stats: { key: keyof DashboardFigures; label: string; format: (value: number) => string }[] = [
    { key: 'members', label: 'New members', format: formatCount },
    { key: 'points_issued', label: 'Points issued', format: formatCount },
    { key: 'points_redeemed', label: 'Points redeemed', format: formatCount },
    { key: 'rewards_used', label: 'Rewards used at checkout', format: formatCount },
    { key: 'member_revenue_minor', label: 'Revenue from members’ orders', format: money },
  ];
  return (
    <section className="ls-card" aria-labelledby="home-figures">
      <h2 id="home-figures">Last 30 days</h2>
      <p className="ls-muted">Compared with the 30 days before.</p>
      {figures.preparing_days > 0 ? <PreparingBanner days={figures.preparing_days} /> : null}
      <dl className="ls-stat-grid">
        {stats.map((stat) => (
          <Stat key={stat.key} label={stat.label} value={figures.current[stat.key]} previous={figures.previous[stat.key]} format={stat.format} />
        ))}
      </dl>
    </section>
  );
}

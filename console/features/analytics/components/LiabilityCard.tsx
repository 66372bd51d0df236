import type { MetricsAnswer } from '../../../../server/contract/analytics.ts';
import { Stat } from '../../../components/ui/Stat.tsx';
import { CONSOLE_LOCALE, formatCount, moneyFormatter, pointsOf } from '../../../lib/format.ts';
import { minorDigits } from '../../../lib/money-input.ts';

/** What one point is worth: a fraction of a minor unit, so up to 4 decimals ($0.012). */
const pointValue = (minor: number, currency: string) =>
  (minor / 10 ** minorDigits(currency)).toLocaleString(CONSOLE_LOCALE, { style: 'currency', currency, maximumFractionDigits: 4 });

/** What the members' unredeemed points would cost, today, and how much of it expires soon. */
export function LiabilityCard({ metrics }: { metrics: MetricsAnswer }) {
  const { liability } = metrics;
  const cash = moneyFormatter(metrics.currency);
  const rule = liability.point_value_rule;
  return (
    <section className="ls-card" aria-label="Points liability">
      <h2>Points liability today</h2>
      <dl className="ls-stat-grid">
        <Stat label="Unredeemed points" value={liability.outstanding_points} format={formatCount} />
        <Stat label="Worth, if all were redeemed" value={liability.liability_minor} format={cash} />
        <Stat label="Expiring within 90 days" value={liability.expiring_points_90d} format={formatCount} />
        <Stat label="Worth, after those expire" value={liability.liability_after_expiry_minor} format={cash} />
        <Stat label="Pending points" value={liability.pending_points} format={formatCount} />
      </dl>
      <p className="ls-muted">
        {rule
          ? `Valued at the best rate members can redeem: ${rule.title}, ${pointsOf(rule.points_cost)} for ${cash(rule.discount_minor)} (${pointValue(liability.point_value_minor ?? 0, metrics.currency)} a point).`
          : 'No active way to redeem gives points a money value (a fixed amount off), so the liability cannot be put in currency.'}
      </p>
    </section>
  );
}

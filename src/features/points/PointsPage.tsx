import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/Button.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useConsole } from '../../state/store.ts';
import { CouponSection } from './components/CouponSection.tsx';
import { EarningSection } from './components/EarningSection.tsx';
import { ExpiryCard } from './components/ExpiryCard.tsx';
import { PointsLabelCard } from './components/PointsLabelCard.tsx';
import { RedeemSection } from './components/RedeemSection.tsx';

/** The store's points label and currency as stored in its settings. */
export function useProgramWords() {
  const settings = useConsole((s) => s.user.users?.store?.settings) as { points_label?: string; currency?: string } | undefined;
  return { pointsLabel: settings?.points_label || 'points', currency: settings?.currency || 'USD' };
}

/** spec §2 /rewards-loyalty/points: ways to earn and to redeem, coupons, points expiry and the points label. */
export function PointsPage() {
  const { pointsLabel, currency } = useProgramWords();
  return (
    <>
      <PageHeader
        title="Points"
        subtitle="How members earn and spend points, when points expire and what they are called."
        actions={
          <Link className={buttonClassName()} to="/rewards-loyalty/points/activity-list/">
            Activity
          </Link>
        }
      />
      <div className="ls-stack">
        <EarningSection />
        <RedeemSection pointsLabel={pointsLabel} />
        <CouponSection />
        <ExpiryCard pointsLabel={pointsLabel} />
        <PointsLabelCard label={pointsLabel} currency={currency} />
      </div>
    </>
  );
}

import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/Button.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { pointsLabelFor } from '../../../renderers/format/index.ts';
import { useConsole } from '../../state/store.ts';
import { CouponSection } from './components/CouponSection.tsx';
import { EarningSection } from './components/EarningSection.tsx';
import { ExpiryCard } from './components/ExpiryCard.tsx';
import { PointsLabelCard } from './components/PointsLabelCard.tsx';
import { RedeemSection } from './components/RedeemSection.tsx';

/** The store's points label (plural and singular) and currency as stored in its settings. */
export function useProgramWords() {
  const settings = useConsole((s) => s.user.users?.store?.settings) as { points_label?: string; points_label_singular?: string; currency?: string } | undefined;
  const words = {
    pointsLabel: settings?.points_label || 'points',
    ...(settings?.points_label_singular ? { pointsLabelSingular: settings.points_label_singular } : {}),
  };
  return { words, pointsLabel: words.pointsLabel, singular: pointsLabelFor(1, words), currency: settings?.currency || 'USD' };
}

/** spec §2 /rewards-loyalty/points: ways to earn and to redeem, coupons, points expiry and the points label. */
export function PointsPage() {
  const { words, pointsLabel, singular, currency } = useProgramWords();
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
        <RedeemSection words={words} />
        <CouponSection />
        <ExpiryCard pointsLabel={pointsLabel} />
        <PointsLabelCard key={`${pointsLabel}|${singular}`} label={pointsLabel} singular={singular} currency={currency} />
      </div>
    </>
  );
}

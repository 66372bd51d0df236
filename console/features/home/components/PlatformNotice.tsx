import { Banner } from '../../../components/ui/PageHeader.tsx';
import { JobProgress, useRememberedJob } from '../../../components/ui/JobProgress.tsx';
import { fetchJobStatus, usePlatformOverview } from '../api/platform.ts';

const PLATFORM_NAMES = { shopify: 'Shopify', bigcommerce: 'BigCommerce' } as const;

/**
 * The dashboard's word on the platform the store was installed from: a token the shop refused
 * ("Reconnect your shop"), an uninstalled app, and the customers and orders still coming in
 * after the install (the backfill job's progress). Nothing for a store connected by hand.
 */
export function PlatformNotice() {
  const overview = usePlatformOverview();
  const [dismissed, dismiss] = useRememberedJob('ls-backfill-dismissed');
  const platform = overview.data;
  if (!platform) return null;
  const name = PLATFORM_NAMES[platform.platform];
  const backfill = platform.backfill_job_id === null ? null : String(platform.backfill_job_id);
  return (
    <>
      {platform.status === 'reconnect' ? (
        <Banner tone="critical" title="Reconnect your shop.">
          {`${platform.shop} refused our access to ${name}. Open Loyalty Studio from your ${name} admin to connect it again: your program is kept, and reward codes waiting for the shop are created once it is back.`}
        </Banner>
      ) : null}
      {platform.status === 'uninstalled' ? (
        <Banner tone="info" title="The app was removed from your shop.">
          {`${platform.shop} no longer shows the program to shoppers. Install Loyalty Studio again from ${name} to bring it back as it was.`}
        </Banner>
      ) : null}
      {backfill && backfill !== dismissed ? (
        <section className="ls-card" aria-label="Customers from your shop">
          <JobProgress
            jobId={backfill}
            label={`Bringing in your customers and orders from ${name}`}
            fetchStatus={fetchJobStatus}
            onDismiss={() => dismiss(backfill)}
          />
        </section>
      ) : null}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { REFERRAL_STATES, type ReferralRow, type ReferralStateName } from '../../../server/contract/referrals.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Banner, PageHeader } from '../../components/ui/PageHeader.tsx';
import { Stat } from '../../components/ui/Stat.tsx';
import { DataTable, type DataColumn } from '../../components/ui/table/DataTable.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { moneyFormatter } from '../../lib/format.ts';
import { useCan } from '../../lib/useCan.ts';
import { referralFiguresQuery, referralsQuery, useReferralDecision } from './api/referrals.ts';
import { ReferralSettingsCard } from './components/ReferralSettingsCard.tsx';
import { STATE_NAMES, referralColumns } from './components/referral-columns.tsx';

const dollars = (minor: number, currency = 'USD') => moneyFormatter(currency)(minor);

function Figures() {
  const figures = useQuery(referralFiguresQuery());
  return (
    <section className="ls-card" aria-labelledby="referral-figures-heading">
      <h2 id="referral-figures-heading">Figures</h2>
      {figures.isPending ? <p role="status">Loading…</p> : null}
      {figures.isError ? <Banner tone="critical">{`The referral figures could not be loaded: ${errorMessage(figures.error)}`}</Banner> : null}
      {figures.data ? (
        <dl className="ls-stat-grid">
          <Stat label="Referrals sent" value={figures.data.sent} />
          <Stat label="Invitations e-mailed" value={figures.data.invited} />
          <Stat label="Completed" value={figures.data.completed} />
          <Stat label="Waiting for review" value={figures.data.blocked} />
          <Stat label="Revenue from referred orders" value={figures.data.revenue_minor} format={(value) => dollars(value)} />
        </dl>
      ) : null}
    </section>
  );
}

/** Cancel, and for a blocked referral approve (unblock): a toast says what happened. */
function Decisions({ row }: { row: ReferralRow }) {
  const decide = useReferralDecision();
  const toast = useToast();
  const canDecide = useCan('customers:support');
  const act = (decision: 'cancel' | 'unblock') =>
    decide.mutate(
      { id: row.id, decision },
      {
        onSuccess: (answer) => toast({ message: `Referral of ${row.friend_email} ${decision === 'cancel' ? 'cancelled' : `approved: ${answer.state}`}` }),
        onError: (error) => toast({ message: `The referral was not changed: ${errorMessage(error)}` }),
      },
    );
  if (!canDecide || (row.state !== 'pending' && row.state !== 'blocked')) return null;
  return (
    <div className="ls-row">
      {row.state === 'blocked' ? (
        <Button
          size="small"
          variant="primary"
          loading={decide.isPending}
          onClick={() => act('unblock')}
          aria-label={`Approve the referral of ${row.friend_email}`}
        >
          Approve
        </Button>
      ) : null}
      <Button size="small" loading={decide.isPending} onClick={() => act('cancel')} aria-label={`Cancel the referral of ${row.friend_email}`}>
        Cancel
      </Button>
    </div>
  );
}

const columns: DataColumn<ReferralRow>[] = [...referralColumns, { id: 'actions', header: 'Actions', cell: (row) => <Decisions row={row} />, hideable: false }];

/** spec §2 /referrals/rewards: what referrers and friends get, the figures, the review queue and every referral. */
export function ReferralsPage() {
  const [search, setSearch] = useSearchParams();
  const state = (search.get('state') ?? '') as ReferralStateName | '';
  const setState = (value: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('state', value);
      else next.delete('state');
      next.delete('page');
      return next;
    });
  return (
    <>
      <PageHeader title="Referrals" subtitle="What referrers and their friends receive, and the referral activity of your members." />
      <div className="ls-stack">
        <Figures />
        <ReferralSettingsCard />
        <section className="ls-card ls-stack" aria-labelledby="referral-review-heading">
          <h2 id="referral-review-heading">Review queue</h2>
          <p>Referrals held by a fraud check wait here with their reason: approve to let them go on, or cancel them.</p>
          <DataTable
            label="Referrals waiting for review"
            urlPrefix="review"
            columns={columns}
            query={(params) => referralsQuery({ page: params.page, limit: params.pageSize, state: 'blocked' })}
            getRowId={(row) => String(row.id)}
            emptyMessage="No referral is waiting for review."
          />
        </section>
        <section className="ls-card ls-stack" aria-labelledby="referral-list-heading">
          <h2 id="referral-list-heading">All referrals</h2>
          <div className="ls-field">
            <label className="ls-field__label" htmlFor="referral-state">
              State
            </label>
            <select id="referral-state" className="ls-field__input" value={state} onChange={(event) => setState(event.target.value)}>
              <option value="">All states</option>
              {REFERRAL_STATES.map((name) => (
                <option key={name} value={name}>
                  {STATE_NAMES[name]}
                </option>
              ))}
            </select>
          </div>
          <DataTable
            label="Referrals"
            columns={columns}
            searchLabel="Search by referrer or friend"
            query={(params) => referralsQuery({ page: params.page, limit: params.pageSize, state: state || undefined, search: params.search || undefined })}
            getRowId={(row) => String(row.id)}
            emptyMessage="No referral matches these filters."
          />
        </section>
      </div>
    </>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TierView } from '../../../server/contract/vip.ts';
import { Button } from '../../components/ui/Button.tsx';
import { JobProgress, useRememberedJob } from '../../components/ui/JobProgress.tsx';
import { Banner, PageHeader } from '../../components/ui/PageHeader.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { ConfirmDialog } from '../../components/ui/aria/ConfirmDialog.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { fetchVipJob, tiersQuery, useDeleteTier } from './api/vip.ts';
import { TierForm } from './components/TierForm.tsx';
import { basisAmount } from './basis.ts';
import { useStoreCurrency } from '../../lib/useStoreCurrency.ts';
import { useCan } from '../../lib/useCan.ts';
import { ViewOnlyNote } from '../../components/ui/ViewOnlyNote.tsx';
import { VipSettingsCard } from './components/VipSettingsCard.tsx';

function TiersTable({ onEdit, onDeleted }: { onEdit: (tier: TierView) => void; onDeleted: (jobId: number) => void }) {
  const canEdit = useCan('program:edit');
  const currency = useStoreCurrency();
  const tiers = useQuery(tiersQuery());
  const remove = useDeleteTier();
  const toast = useToast();
  const [deleting, setDeleting] = useState<TierView | null>(null);
  if (tiers.isPending) return <p role="status">Loading…</p>;
  if (tiers.isError) return <Banner tone="critical">{`The tiers could not be loaded: ${errorMessage(tiers.error)}`}</Banner>;
  const { basis } = tiers.data.settings;
  if (tiers.data.data.length === 0) return <p>{canEdit ? 'No tiers yet: add the first one.' : 'No tiers yet.'}</p>;
  return (
    <>
      <table className="ls-table">
        <caption>VIP tiers</caption>
        <thead>
          <tr>
            <th scope="col">Tier</th>
            <th scope="col">Threshold</th>
            <th scope="col">Members</th>
            <th scope="col">Perks</th>
            {canEdit ? (
              <th scope="col">
                <span className="ls-visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {tiers.data.data.map((tier) => (
            <tr key={tier.id}>
              <th scope="row">{tier.name}</th>
              <td>{basisAmount(basis, tier.threshold, currency)}</td>
              <td>{tier.members.toLocaleString('en-US')}</td>
              <td>{tier.perks.length > 0 ? tier.perks.map((perk) => perk.description).join(', ') : '—'}</td>
              {canEdit ? (
                <td>
                  <div className="ls-row">
                    <Button size="small" onClick={() => onEdit(tier)} aria-label={`Edit ${tier.name}`}>
                      Edit
                    </Button>
                    <Button size="small" onClick={() => setDeleting(tier)} aria-label={`Delete ${tier.name}`}>
                      Delete
                    </Button>
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'the tier'}?`}
        confirmLabel="Delete tier"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: (answer) => {
              toast({ message: `Tier “${deleting.name}” deleted: its members are being measured again` });
              setDeleting(null);
              onDeleted(answer.job.id);
            },
            onError: (error) => toast({ message: `The tier was not deleted: ${errorMessage(error)}` }),
          });
        }}
      >
        Its members move to the tier their figures reach; its perks and discounts no longer apply.
      </ConfirmDialog>
    </>
  );
}

/** spec §2 /rewards-loyalty/vip: tiers with thresholds, members and perks; the tier form with its simulation; settings. */
export function VipPage() {
  const canEdit = useCan('program:edit');
  const [editing, setEditing] = useState<TierView | 'new' | null>(null);
  const [jobId, rememberJob] = useRememberedJob('vip-apply-job');
  const started = (id: number) => {
    rememberJob(String(id));
    setEditing(null);
  };
  return (
    <div className="ls-stack">
      <PageHeader
        title="Loyalty Program"
        subtitle="VIP tiers: what members reach them by, the perks they unlock, and how many members each holds."
        actions={
          editing === null && canEdit ? (
            <Button variant="primary" onClick={() => setEditing('new')}>
              Add tier
            </Button>
          ) : null
        }
      />
      {jobId ? <JobProgress jobId={jobId} label="Moving members to their tiers" fetchStatus={fetchVipJob} onDismiss={() => rememberJob(null)} /> : null}
      <section className="ls-card" aria-labelledby="vip-tiers-heading">
        <h2 id="vip-tiers-heading">Tiers</h2>
        <ViewOnlyNote permission="program:edit" />
        <TiersTable onEdit={(tier) => setEditing(tier)} onDeleted={(id) => rememberJob(String(id))} />
      </section>
      {editing !== null ? (
        <section className="ls-card" aria-labelledby="vip-tier-form-heading">
          <h2 id="vip-tier-form-heading">{editing === 'new' ? 'New tier' : `Edit ${editing.name}`}</h2>
          <TierForm
            key={editing === 'new' ? 'new' : editing.id}
            tier={editing === 'new' ? null : editing}
            onSaved={started}
            onCancel={() => setEditing(null)}
          />
        </section>
      ) : null}
      <VipSettingsCard onSaved={(id) => rememberJob(String(id))} />
    </div>
  );
}

import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AwardFilterAttribute, AwardRow } from '../../../server/contract/customers.ts';
import { ConfirmDialog } from '../../components/ui/aria/ConfirmDialog.tsx';
import { Badge, type BadgeTone } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { JobProgress, useRememberedJob } from '../../components/ui/JobProgress.tsx';
import { Banner, PageHeader } from '../../components/ui/PageHeader.tsx';
import { DataTable, type DataColumn } from '../../components/ui/table/DataTable.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { countOf, formatCount, formatPoints, pointsOf } from '../../lib/format.ts';
import { useCan } from '../../lib/useCan.ts';
import { useDebounced } from '../../lib/useDebounced.ts';
import { awardAttributesQuery, awardHistoryQuery, awardPreviewQuery, awardStatus, useGrantAward, type AwardFilter } from './api/awards.ts';
import { formatDay } from './components/customer-columns.tsx';
import { SelectField } from './components/SelectField.tsx';

const BACK = { to: '/customers', label: 'Customers' };
const STATUS: Record<AwardRow['status'], { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  granting: { label: 'Granting', tone: 'attention' },
  done: { label: 'Granted', tone: 'success' },
  failed: { label: 'Failed', tone: 'attention' },
};

const HISTORY_COLUMNS: DataColumn<AwardRow>[] = [
  { id: 'name', header: 'Award', cell: (row) => row.name, hideable: false },
  { id: 'points', header: 'Points each', cell: (row) => formatPoints(row.points) },
  { id: 'total', header: 'Members', cell: (row) => formatCount(row.total) },
  { id: 'granted_points', header: 'Points granted', cell: (row) => formatPoints(row.granted_points) },
  { id: 'status', header: 'Status', cell: (row) => <Badge tone={STATUS[row.status].tone}>{STATUS[row.status].label}</Badge> },
  { id: 'granted_by', header: 'Granted by', cell: (row) => row.granted_by ?? '—', hideable: false },
  { id: 'granted_at', header: 'Granted on', cell: (row) => (row.granted_at ? formatDay(row.granted_at) : '—') },
];

type Range = { min?: number; max?: number } | { from?: string; to?: string };

/** Sets one side of a range in the filter; a range left empty disappears from it. */
function withRange(filter: AwardFilter, key: keyof AwardFilter, side: string, value: string | number | undefined): AwardFilter {
  const range = { ...(filter[key] as Range | undefined), [side]: value === '' ? undefined : value } as Record<string, unknown>;
  const kept = Object.fromEntries(Object.entries(range).filter(([, part]) => part !== undefined));
  const next = { ...filter, [key]: Object.keys(kept).length ? kept : undefined };
  return Object.fromEntries(Object.entries(next).filter(([, part]) => part !== undefined)) as AwardFilter;
}

const wholeNumber = (text: string) => (text.trim() === '' ? undefined : /^\d{1,12}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** One attribute of GET /award/filter-attributes as fields: a list as a select, a range as two fields. */
function AttributeFields({ attribute, filter, onChange }: { attribute: AwardFilterAttribute; filter: AwardFilter; onChange: (next: AwardFilter) => void }) {
  const key = attribute.key;
  if (attribute.kind === 'list') {
    const value = (filter[key] as string | undefined) ?? '';
    const options = [{ value: '', label: 'Any' }, ...attribute.options.map((option) => ({ value: option, label: option }))];
    return (
      <SelectField
        label={attribute.label}
        value={value}
        options={options}
        onChange={(next) => onChange(Object.fromEntries(Object.entries({ ...filter, [key]: next || undefined }).filter(([, v]) => v !== undefined)))}
      />
    );
  }
  const range = (filter[key] as Record<string, string | number | undefined> | undefined) ?? {};
  if (attribute.kind === 'date_range') {
    return (
      <fieldset className="ls-award-range">
        <legend>{attribute.label}</legend>
        <Field label="From" type="date" value={String(range.from ?? '')} onChange={(event) => onChange(withRange(filter, key, 'from', event.target.value))} />
        <Field label="To" type="date" value={String(range.to ?? '')} onChange={(event) => onChange(withRange(filter, key, 'to', event.target.value))} />
      </fieldset>
    );
  }
  return (
    <fieldset className="ls-award-range">
      <legend>{attribute.label}</legend>
      <Field
        label="At least"
        inputMode="numeric"
        value={String(range.min ?? '')}
        onChange={(event) => onChange(withRange(filter, key, 'min', wholeNumber(event.target.value)))}
      />
      <Field
        label="At most"
        inputMode="numeric"
        value={String(range.max ?? '')}
        onChange={(event) => onChange(withRange(filter, key, 'max', wholeNumber(event.target.value)))}
      />
    </fieldset>
  );
}

/**
 * Awards (under Customers in the side navigation): choose members by tier, tag,
 * balance, joined, last order and spend, see the preview (members and points) as the filter
 * changes, grant in the background with a progress bar (once), and the history of who granted what.
 */
export function AwardsPage() {
  const canGrant = useCan('customers:manage');
  const attributes = useQuery(awardAttributesQuery());
  const [name, setName] = useState('');
  const [pointsText, setPointsText] = useState('100');
  const [filter, setFilter] = useState<AwardFilter>({});
  const [confirming, setConfirming] = useState(false);
  const [job, setJob] = useRememberedJob('customers.award');
  const grant = useGrantAward();
  const toast = useToast();

  const points = /^\d{1,9}$/.test(pointsText.trim()) ? Number(pointsText.trim()) : Number.NaN;
  const pointsError = Number.isNaN(points) || points < 1 ? 'Enter a whole number of points, at least 1.' : null;
  const invalidRange = Object.values(filter).some((part) => typeof part === 'object' && Object.values(part).some((value) => Number.isNaN(value)));
  const asked = useDebounced({ filter, points }, 300);
  const preview = useQuery({
    ...awardPreviewQuery(asked.filter, asked.points),
    enabled: !invalidRange && !Number.isNaN(asked.points) && asked.points >= 1,
    placeholderData: keepPreviousData,
  });
  const settled = asked.filter === filter && asked.points === points && !preview.isFetching;
  const reach = preview.data;

  const start = () =>
    grant.mutate(
      { name: name.trim(), points, filter },
      {
        onSuccess: (award) => {
          setJob(String(award.id));
          toast({ message: `Granting "${award.name}" to ${countOf(award.total, 'member')}` });
          setName('');
        },
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <>
      <PageHeader title="Award points" subtitle="Give points to the members a filter chooses, once, and see who granted what." back={BACK} />
      {job ? (
        <section className="ls-card ls-stack" aria-label="Grant">
          <JobProgress jobId={job} label="Award grant" fetchStatus={awardStatus} onDismiss={() => setJob(null)} />
        </section>
      ) : null}
      <section className="ls-card ls-stack" aria-labelledby="award-new">
        <h2 id="award-new">New award</h2>
        {attributes.isError ? <Banner tone="critical">{`The filters could not be read: ${errorMessage(attributes.error)}`}</Banner> : null}
        <div className="ls-customer-filters">
          <Field label="Award name" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
          <Field label="Points each" inputMode="numeric" value={pointsText} onChange={(event) => setPointsText(event.target.value)} error={pointsError} />
        </div>
        <div className="ls-customer-filters" role="group" aria-label="Who gets the award">
          {(attributes.data ?? []).map((attribute) => (
            <AttributeFields key={attribute.key} attribute={attribute} filter={filter} onChange={setFilter} />
          ))}
        </div>
        {invalidRange ? <Banner tone="critical">Ranges take whole numbers.</Banner> : null}
        <div role="status" aria-live="polite" aria-label="Preview" className="ls-award-preview">
          {preview.isError ? (
            `No preview: ${errorMessage(preview.error)}`
          ) : reach ? (
            <>
              <strong>{countOf(reach.customers, 'member')}</strong>
              {` would get ${pointsOf(reach.points_each)} each: ${pointsOf(reach.total_points)} in all.`}
              {settled ? null : ' Updating…'}
            </>
          ) : (
            'Counting…'
          )}
        </div>
        <p className="ls-field__hint">Members only: excluded customers and guests get nothing. Each member is credited once, even if the grant is repeated.</p>
        {grant.isError ? <Banner tone="critical">{`The award was not granted: ${errorMessage(grant.error)}`}</Banner> : null}
        {canGrant ? (
          <div className="ls-row">
            <Button
              variant="primary"
              disabled={!name.trim() || pointsError !== null || invalidRange || !reach || !settled || reach.customers === 0}
              onClick={() => setConfirming(true)}
            >
              Grant award
            </Button>
          </div>
        ) : (
          <p>Only owners and admins can grant awards.</p>
        )}
      </section>
      <section className="ls-stack" aria-labelledby="award-history">
        <h2 id="award-history">History</h2>
        <DataTable
          label="Award history"
          columns={HISTORY_COLUMNS}
          query={awardHistoryQuery}
          getRowId={(row) => String(row.id)}
          emptyMessage="No award yet"
          urlPrefix="h"
        />
      </section>
      <ConfirmDialog
        open={confirming}
        title="Grant this award?"
        confirmLabel="Grant"
        tone="primary"
        busy={grant.isPending}
        onConfirm={start}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {reach ? `${countOf(reach.customers, 'member')} get ${pointsOf(points)} each (${pointsOf(reach.total_points)} in all). This cannot be undone.` : ''}
        </p>
      </ConfirmDialog>
    </>
  );
}

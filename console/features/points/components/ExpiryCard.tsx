import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { expirySettingsBody, type ExpirySettings } from '../../../../server/contract/points.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, SwitchField, NumberField } from '../../../components/ui/form/FormFields.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { expiryQuery, useSaveExpiry } from '../api/points.ts';
import { ImpactPreview } from './ImpactPreview.tsx';
import { useSaveForm } from '../../../components/ui/form/useSaveForm.ts';
import { Permitted } from '../../../components/ui/Permitted.tsx';

/** What saving does to balances members already hold (the engine dates each batch of points when it is earned). */
function balanceEffect(enabled: boolean, days: number | undefined, label: string): string {
  if (!enabled)
    return `With expiry off, ${label} earned from now on never expire. ${label[0]!.toUpperCase()}${label.slice(1)} already earned under an expiry keep their date.`;
  return `${label[0]!.toUpperCase()}${label.slice(1)} earned from now on expire ${days ?? '…'} days after they are earned. Balances members already hold are not changed: ${label} earned while expiry was off keep no expiry date.`;
}

function ExpiryForm({ saved, pointsLabel }: { saved: ExpirySettings; pointsLabel: string }) {
  const form = useContractForm(expirySettingsBody, saved);
  const save = useSaveExpiry();
  const enabled = useWatch({ control: form.control, name: 'enabled' });
  const days = useWatch({ control: form.control, name: 'expiry_days' });
  const { failure, onSubmit } = useSaveForm(form, (body) => save.mutateAsync(body), {
    saved: () => 'Points expiry saved',
    notSaved: 'The expiry settings were not saved',
  });
  return (
    <form className="ls-stack" onSubmit={onSubmit} noValidate aria-label="Points expiry">
      <Permitted permission="program:edit">
        <FormAlert message={failure} />
        <SwitchField control={form.control} name="enabled" label={`${pointsLabel[0]!.toUpperCase()}${pointsLabel.slice(1)} expire`} />
        {enabled ? (
          <>
            <NumberField
              control={form.control}
              register={form.register}
              name="expiry_days"
              label="Days after earning"
              hint="Each batch expires this many days after it was earned."
            />
            <NumberField control={form.control} register={form.register} name="early_reminder_days" label="Early reminder, days before expiry" />
            <NumberField control={form.control} register={form.register} name="final_reminder_days" label="Final reminder, days before expiry" />
          </>
        ) : null}
        <ImpactPreview
          body={enabled ? (typeof days === 'number' && Number.isInteger(days) && days >= 1 ? { expiry_days: days } : null) : { expiry_days: null }}
        />
        <Banner tone="info" title="Existing balances:">
          {balanceEffect(Boolean(enabled), typeof days === 'number' ? days : undefined, pointsLabel)}
        </Banner>
        <div>
          <Button type="submit" variant="primary" loading={save.isPending}>
            Save expiry
          </Button>
        </div>
      </Permitted>
    </form>
  );
}

/** Points expiry (GET /points/expiry/detail, POST /points/expiry/create). */
export function ExpiryCard({ pointsLabel }: { pointsLabel: string }) {
  const expiry = useQuery(expiryQuery());
  return (
    <section className="ls-card" aria-labelledby="expiry-heading">
      <h2 id="expiry-heading">Points expiry</h2>
      {expiry.isPending ? <p role="status">Loading…</p> : null}
      {expiry.isError ? <Banner tone="critical">{`The expiry settings could not be loaded: ${errorMessage(expiry.error)}`}</Banner> : null}
      {expiry.data ? <ExpiryForm key={JSON.stringify(expiry.data)} saved={expiry.data} pointsLabel={pointsLabel} /> : null}
    </section>
  );
}

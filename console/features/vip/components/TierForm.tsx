import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { MAX_MULTIPLIER, tierBody, type TierBody, type TierView } from '../../../../server/contract/vip.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { Stat } from '../../../components/ui/Stat.tsx';
import { useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, MoneyField, SwitchField, TextField, NumberField } from '../../../components/ui/form/FormFields.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { countOf, formatCount } from '../../../lib/format.ts';
import { useSaveForm } from '../../../components/ui/form/useSaveForm.ts';
import { simulationQuery, tiersQuery, useSaveTier } from '../api/vip.ts';

/** The tier form: the tier's name and threshold with its main perks (the contract's limits). */
const tierForm = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(60, 'Use at most 60 characters.'),
  threshold: z.number('Enter a threshold.').int('Use a whole number.').min(0, 'A threshold cannot be below zero.'),
  multiplier: z.number().gt(0, 'A multiplier is above 0.').max(MAX_MULTIPLIER, `A multiplier is at most ${MAX_MULTIPLIER}.`).nullable(),
  entry_points: z.number().int('Use a whole number of points.').min(1, 'Give at least 1 point.').nullable(),
  free_shipping: z.boolean(),
});
type TierFormValues = z.infer<typeof tierForm>;

/** The form's values as the POST /vip/store body; the tier's other perks are kept. */
function toBody(values: TierFormValues, tier: TierView | null): TierBody {
  const kept = (tier?.perks ?? [])
    .filter((perk) => !['multiplier', 'entry_reward', 'free_shipping'].includes(perk.kind))
    .map((perk) => ({ kind: perk.kind, title: perk.title, multiplier: perk.multiplier, points: perk.points, redeem_rule_id: perk.redeem_rule_id }));
  const perks = [
    ...(values.multiplier !== null ? [{ kind: 'multiplier', multiplier: values.multiplier }] : []),
    ...(values.entry_points !== null ? [{ kind: 'entry_reward', points: values.entry_points }] : []),
    ...(values.free_shipping ? [{ kind: 'free_shipping' }] : []),
    ...kept,
  ];
  return tierBody.parse({ ...(tier ? { id: tier.id } : {}), name: values.name, threshold: values.threshold, description: tier?.description ?? '', perks });
}

const defaultsOf = (tier: TierView | null): TierFormValues => ({
  name: tier?.name ?? '',
  threshold: tier?.threshold ?? 0,
  multiplier: tier?.perks.find((perk) => perk.kind === 'multiplier')?.multiplier ?? null,
  entry_points: tier?.perks.find((perk) => perk.kind === 'entry_reward')?.points ?? null,
  free_shipping: tier?.perks.some((perk) => perk.kind === 'free_shipping') ?? false,
});

/** The simulation of the form's tier, asked again 400 ms after the last change of a valid form. */
function useSimulation(values: TierFormValues, tier: TierView | null) {
  const [body, setBody] = useState<TierBody | null>(null);
  const key = JSON.stringify(values);
  useEffect(() => {
    const parsed = tierForm.safeParse(values);
    const timer = setTimeout(() => {
      try {
        setBody(parsed.success ? toBody(parsed.data, tier) : null);
      } catch {
        setBody(null);
      }
    }, 400);
    return () => clearTimeout(timer);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- the serialised values stand for the values
  }, [key, tier]);
  return useQuery(simulationQuery(body ? { tier: body } : null));
}

function Simulation({ values, tier }: { values: TierFormValues; tier: TierView | null }) {
  const simulation = useSimulation(values, tier);
  return (
    <section className="ls-stack" aria-labelledby="simulation-heading" aria-live="polite">
      <h3 id="simulation-heading">Before you save</h3>
      {simulation.fetchStatus === 'idle' && !simulation.data ? <p>Enter a name and a threshold to see how members would move.</p> : null}
      {simulation.isFetching ? <p role="status">Simulating…</p> : null}
      {simulation.isError ? <Banner tone="critical">{`The simulation failed: ${errorMessage(simulation.error)}`}</Banner> : null}
      {simulation.data ? (
        <>
          <dl className="ls-stat-grid" aria-label="Simulation">
            <Stat label="Members measured" value={simulation.data.members} />
            <Stat label="Move up" value={simulation.data.moved_up} />
            <Stat label="Move down" value={simulation.data.moved_down} />
            <Stat label="Entry reward points" value={simulation.data.entry_reward_points} />
          </dl>
          {simulation.data.downs_wait_for_period_end && simulation.data.moved_down > 0 ? <p>Members below their tier keep it until the period ends.</p> : null}
          <ul>
            {simulation.data.tiers.map((row) => (
              <li
                key={`${row.id ?? 'new'}-${row.name}`}
              >{`${row.name}: ${formatCount(row.before)} → ${countOf(row.after, 'member')}${row.perks.length > 0 ? ` (perks: ${row.perks.join(', ')})` : ''}`}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** Create or edit a tier, with the simulation of what saving it does; saving starts the job moving members. */
export function TierForm({ tier, onSaved, onCancel }: { tier: TierView | null; onSaved: (jobId: number) => void; onCancel: () => void }) {
  const form = useContractForm(tierForm, defaultsOf(tier));
  const save = useSaveTier();
  const values = useWatch({ control: form.control }) as TierFormValues;
  const { failure, onSubmit } = useSaveForm(
    form,
    async (formValues) => {
      const answer = await save.mutateAsync(toBody(formValues, tier));
      onSaved(answer.job.id);
    },
    { saved: (formValues) => `Tier “${formValues.name}” saved: members are being moved`, notSaved: 'The tier was not saved' },
  );
  const { control, register } = form;
  const basis = useQuery(tiersQuery()).data?.settings.basis;
  return (
    <form className="ls-stack" onSubmit={onSubmit} noValidate aria-label={tier ? `Edit ${tier.name}` : 'New tier'}>
      <FormAlert message={failure} />
      <TextField control={control} register={register} name="name" label="Tier name" />
      {basis === 'spent' ? (
        <MoneyField control={control} name="threshold" label="Threshold: amount spent" />
      ) : (
        <NumberField control={control} register={register} name="threshold" label={basis === 'orders' ? 'Threshold: orders' : 'Threshold: points earned'} />
      )}
      <NumberField
        control={control}
        register={register}
        name="multiplier"
        label="Points multiplier"
        hint="Empty: no multiplier. Above 0, at most 10."
        empty="null"
      />
      <NumberField
        control={control}
        register={register}
        name="entry_points"
        label="Entry reward (points)"
        hint="Given once per tier and period."
        empty="null"
      />
      <SwitchField control={control} name="free_shipping" label="Free shipping" />
      <Simulation values={values} tier={tier} />
      <div className="ls-row">
        <Button type="submit" variant="primary" loading={save.isPending}>
          Save tier
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}

import { z } from 'zod';
import type { LiftAnswer, MetricsAnswer } from '../../../../server/contract/analytics.ts';
import { HOLDOUT_MAX_PERCENT, storeSettingsBody } from '../../../../server/contract/store.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, NumberField } from '../../../components/ui/form/FormFields.tsx';
import { useSaveForm } from '../../../components/ui/form/useSaveForm.ts';
import { formatCount, formatRate, moneyFormatter } from '../../../lib/format.ts';
import { queryClient } from '../../../lib/runtime.ts';
import { useSaveStoreSettings } from '../../../lib/session-queries.ts';
import { Permitted } from '../../../components/ui/Permitted.tsx';

const rate = (value: number | null) => (value === null ? '—' : formatRate(value));
/** Everyone of the group who joined; and how many of them the figures compare when that is a sample. */
export const groupSize = (group: LiftAnswer['members']) =>
  group.compared < group.customers ? `${formatCount(group.customers)} (${formatCount(group.compared)} compared)` : formatCount(group.customers);
const points = (value: number) => `${value >= 0 ? '+' : '−'}${(Math.abs(value) * 100).toFixed(1)} pts`;

/** The form of the holdout share: the store settings call's own rule (a whole percentage, 0–20), required here. */
const holdoutForm = z.object({ holdout_percent: storeSettingsBody.shape.holdout_percent.unwrap() });

/** The holdout share of new customers (0–20 %), saved with the store settings; analytics is read again after. */
function HoldoutSetting({ percent }: { percent: number }) {
  const form = useContractForm(holdoutForm, { holdout_percent: percent });
  const save = useSaveStoreSettings();
  const { failure, onSubmit } = useSaveForm(form, (values) => save.mutateAsync(values), {
    saved: (values) => `Holdout share saved: ${values.holdout_percent} % of new customers`,
    notSaved: 'The holdout share was not saved',
    onDone: () => void queryClient.invalidateQueries({ queryKey: ['analytics'] }),
  });
  return (
    <form className="ls-stack" onSubmit={onSubmit} noValidate>
      <Permitted permission="store:settings">
        <FormAlert message={failure} />
        <NumberField
          control={form.control}
          register={form.register}
          name="holdout_percent"
          label="Holdout share of new customers (%)"
          hint={`A whole percentage from 0 to ${HOLDOUT_MAX_PERCENT}; 0 keeps no one out.`}
        />
        <div className="ls-row">
          <Button type="submit" loading={save.isPending}>
            Save holdout share
          </Button>
        </div>
      </Permitted>
    </form>
  );
}

function LiftTable({ lift, currency }: { lift: LiftAnswer; currency: string }) {
  const cash = moneyFormatter(currency);
  const spend = (minor: number | null) => (minor === null ? '—' : cash(Math.round(minor)));
  return (
    <table className="ls-chart-card__table">
      <caption className="ls-visually-hidden">Members against the holdout group</caption>
      <thead>
        <tr>
          <th scope="col">Joined in the period</th>
          <th scope="col">Customers</th>
          <th scope="col">Repeat rate</th>
          <th scope="col">Spend per customer</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Members</th>
          <td>{groupSize(lift.members)}</td>
          <td>{rate(lift.members.repeat_rate)}</td>
          <td>{spend(lift.members.spend_per_customer_minor)}</td>
        </tr>
        <tr>
          <th scope="row">Holdout group</th>
          <td>{groupSize(lift.holdout)}</td>
          <td>{rate(lift.holdout.repeat_rate)}</td>
          <td>{spend(lift.holdout.spend_per_customer_minor)}</td>
        </tr>
        {lift.repeat_rate && lift.spend_per_customer_minor ? (
          <tr>
            <th scope="row">Lift (95 % interval)</th>
            <td />
            <td>
              {points(lift.repeat_rate.lift)} ({points(lift.repeat_rate.low)} to {points(lift.repeat_rate.high)})
            </td>
            <td>
              {spend(lift.spend_per_customer_minor.lift)} ({spend(lift.spend_per_customer_minor.low)} to {spend(lift.spend_per_customer_minor.high)})
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

/** Incremental lift: what members who joined in the period do beyond the holdout group kept out of the program. */
export function LiftCard({ metrics }: { metrics: MetricsAnswer }) {
  return (
    <section className="ls-card ls-stack" aria-label="Incremental lift">
      <h2>Incremental lift from the holdout group</h2>
      <p className={metrics.lift.sufficient ? undefined : 'ls-muted'} role="status">
        {metrics.lift.message}
      </p>
      <LiftTable lift={metrics.lift} currency={metrics.currency} />
      <HoldoutSetting key={metrics.holdout_percent} percent={metrics.holdout_percent} />
      <p className="ls-muted">
        The holdout group is a random share of customers who join from now on; they earn nothing, so comparing them with members shows what the program adds.
      </p>
    </section>
  );
}

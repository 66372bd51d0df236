import { storeSettingsBody } from '../../../../server/contract/store.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, TextField } from '../../../components/ui/form/FormFields.tsx';
import { useSavePointsLabel } from '../api/points.ts';
import { useSaveForm } from './useSaveForm.ts';

const schema = storeSettingsBody.pick({ points_label: true }).required();

/** The word members see for points (store settings `points_label`), e.g. "stars" or "beans". */
export function PointsLabelCard({ label, currency }: { label: string; currency: string }) {
  const form = useContractForm(schema, { points_label: label });
  const save = useSavePointsLabel();
  const { failure, onSubmit } = useSaveForm(form, ({ points_label }) => save.mutateAsync(points_label), {
    saved: ({ points_label }) => `Members now see “${points_label}”`,
    notSaved: 'The label was not saved',
  });
  return (
    <section className="ls-card" aria-labelledby="points-label-heading">
      <h2 id="points-label-heading">Points label</h2>
      <form className="ls-stack" onSubmit={onSubmit} noValidate aria-label="Points label">
        <FormAlert message={failure} />
        <TextField
          control={form.control}
          register={form.register}
          name="points_label"
          label="Label"
          hint={`Shown on the widget, landing page and emails. Amounts are shown in the store's currency (${currency}).`}
        />
        <div>
          <Button type="submit" variant="primary" loading={save.isPending}>
            Save label
          </Button>
        </div>
      </form>
    </section>
  );
}

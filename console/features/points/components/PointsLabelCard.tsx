import { storeSettingsBody } from '../../../../server/contract/store.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, TextField } from '../../../components/ui/form/FormFields.tsx';
import { useSavePointsLabel } from '../api/points.ts';
import { useSaveForm } from '../../../components/ui/form/useSaveForm.ts';

const schema = storeSettingsBody.pick({ points_label: true, points_label_singular: true }).required();

/**
 * The word members see for points (store settings `points_label`, and `points_label_singular`
 * for one point), e.g. "beans" and "bean": the console, the canvas, the storefront and the
 * emails all count points with it.
 */
export function PointsLabelCard({ label, singular, currency }: { label: string; singular: string; currency: string }) {
  const form = useContractForm(schema, { points_label: label, points_label_singular: singular });
  const save = useSavePointsLabel();
  const { failure, onSubmit } = useSaveForm(form, (words) => save.mutateAsync(words), {
    saved: ({ points_label, points_label_singular }) => `Members now see “1 ${points_label_singular}”, “2 ${points_label}”`,
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
          hint={`Shown on the widget, landing page and emails, e.g. “120 beans”. Amounts are shown in the store's currency (${currency}).`}
        />
        <TextField control={form.control} register={form.register} name="points_label_singular" label="Label for one" hint="e.g. “1 bean”." />
        <div>
          <Button type="submit" variant="primary" loading={save.isPending}>
            Save label
          </Button>
        </div>
      </form>
    </section>
  );
}

import { useWatch } from 'react-hook-form';
import { earningRuleBody, type EarningRuleBody } from '../../../../server/contract/points.ts';
import { useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, SwitchField, TextField, MoneyField, NumberField } from '../../../components/ui/form/FormFields.tsx';
import { useSaveEarningRule } from '../api/points.ts';
import { LIMIT_OPTIONS, NETWORK_OPTIONS } from '../earning-catalogue.ts';
import { ImpactPreview, earningPreviewBody } from './ImpactPreview.tsx';
import { RuleFormButtons } from './RuleFormButtons.tsx';
import { useRuleSave } from '../../../components/ui/form/useSaveForm.ts';
import { ListField, SelectField, StatusField } from '../../../components/ui/form/RuleFields.tsx';
import { CatalogueField } from './CatalogueField.tsx';

/** Every field the engine supports for one earning rule, validated with POST /points/store's own schema; a 422 lands on its fields. */
export function EarningRuleForm({ id, initial, onDone }: { id?: number | undefined; initial: EarningRuleBody; onDone: () => void }) {
  const form = useContractForm(earningRuleBody, initial);
  const { control, register } = form;
  const save = useSaveEarningRule();
  const type = initial.type;
  const limitType = useWatch({ control, name: 'limit_type' });
  const mode = useWatch({ control, name: 'config.mode' as 'limit_type' }) as string | undefined;
  const points = useWatch({ control, name: 'points' });
  const perAmount = useWatch({ control, name: 'config.per_amount_minor' as 'points' });
  const { failure, onSubmit } = useRuleSave(form, save, { id, noun: 'way to earn', onDone });
  return (
    <form className="ls-stack" onSubmit={onSubmit} noValidate aria-label="Way to earn">
      <FormAlert message={failure} />
      <TextField control={control} register={register} name="title" label="Title" />
      <StatusField control={control} name="status" />
      {type === 'order' ? (
        <>
          <SelectField
            control={control}
            register={register}
            name={'config.mode' as 'title'}
            label="How an order earns"
            options={[
              ['per_amount', 'Points per amount spent'],
              ['fixed', 'A fixed number of points per order'],
            ]}
          />
          <NumberField control={control} register={register} name="points" label={mode === 'fixed' ? 'Points per order' : 'Points'} />
          {mode !== 'fixed' ? (
            <MoneyField
              control={control}
              name={'config.per_amount_minor' as 'points'}
              label="For every amount spent"
              hint="The points above are given for each such amount."
            />
          ) : null}
          <SwitchField control={control} name={'config.include_shipping' as 'title'} label="Shipping counts" />
          <SwitchField control={control} name={'config.include_tax' as 'title'} label="Tax counts" />
          <SwitchField control={control} name={'config.subtract_discounts' as 'title'} label="Discounts lower the amount that earns" />
          <ListField control={control} name={'config.award_statuses' as 'title'} label="Order statuses that award points" />
          <ListField control={control} name={'config.cancel_statuses' as 'title'} label="Order statuses that take the points back" />
          <CatalogueField control={control} name={'config.excluded_product_ids' as 'title'} kind="products" label="Excluded products" />
          <CatalogueField control={control} name={'config.excluded_collection_ids' as 'title'} kind="collections" label="Excluded collections" />
          <CatalogueField
            control={control}
            name={'config.excluded_tags' as 'title'}
            kind="tags"
            label="Excluded product tags"
            hint="Products with any of these tags earn nothing."
          />
          <CatalogueField control={control} name={'config.excluded_variant_ids' as 'title'} kind="variants" label="Excluded variants" />
          <NumberField
            control={control}
            register={register}
            name={'config.pending_days' as 'points'}
            label="Pending days"
            hint="Points become available this many days after the order (returns window)."
          />
        </>
      ) : (
        <>
          <NumberField control={control} register={register} name="points" label="Points" />
          {type === 'social_follow' || type === 'social_share' ? (
            <>
              <SelectField control={control} register={register} name={'config.network' as 'title'} label="Social network" options={NETWORK_OPTIONS} />
              <TextField control={control} register={register} name={'config.url' as 'title'} label="Page address" type="url" inputMode="url" />
            </>
          ) : null}
          {type === 'custom' ? (
            <TextField control={control} register={register} name={'config.event' as 'title'} label="Event name" placeholder="quiz.completed" />
          ) : null}
        </>
      )}
      <NumberField
        control={control}
        register={register}
        name={'config.expiry_days' as 'points'}
        label="Points expire after (days)"
        hint="Leave empty: they follow the program's expiry."
        empty="null"
      />
      <SelectField control={control} register={register} name="limit_type" label="Limit" options={LIMIT_OPTIONS} />
      {limitType === 'per_days' ? <NumberField control={control} register={register} name="limit_days" label="Days between two awards" empty="null" /> : null}
      {limitType === 'total' ? <NumberField control={control} register={register} name="limit_total" label="Times a customer can earn" empty="null" /> : null}
      {type === 'order' ? <ImpactPreview body={earningPreviewBody(mode, points, perAmount)} /> : null}
      <RuleFormButtons isNew={id === undefined} noun="way to earn" saving={save.isPending} onCancel={onDone} />
    </form>
  );
}

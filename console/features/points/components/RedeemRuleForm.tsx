import { useWatch } from 'react-hook-form';
import { redeemRuleBody, type RedeemRuleBody } from '../../../../server/contract/redeem.ts';
import { useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, TextField, MoneyField, NumberField } from '../../../components/ui/form/FormFields.tsx';
import { useSaveRedeemRule } from '../api/points.ts';
import { ImpactPreview, redeemPreviewBody } from './ImpactPreview.tsx';
import { RuleFormButtons } from './RuleFormButtons.tsx';
import { useRuleSave } from '../../../components/ui/form/useSaveForm.ts';
import { StatusField } from '../../../components/ui/form/RuleFields.tsx';
import { DiscountFields } from './DiscountFields.tsx';
import { CatalogueField } from './CatalogueField.tsx';

/** Every field of a way to redeem, validated with POST /redeem/store's own schema; a 422 lands on its fields. */
export function RedeemRuleForm({ id, initial, onDone }: { id?: number | undefined; initial: RedeemRuleBody; onDone: () => void }) {
  const form = useContractForm(redeemRuleBody, initial);
  const { control, register } = form;
  const save = useSaveRedeemRule();
  const type = initial.type;
  const [cost, value, perStep, stepValue] = useWatch({ control, name: ['points_cost', 'discount_value', 'config.points_per_step', 'config.step_value_minor'] });
  const previewBody = type === 'variable' ? redeemPreviewBody(perStep, stepValue) : redeemPreviewBody(cost, type === 'fixed_amount' ? value : null);
  const { failure, onSubmit } = useRuleSave(form, save, { id, noun: 'way to redeem', onDone });
  return (
    <form className="ls-stack" onSubmit={onSubmit} noValidate aria-label="Way to redeem">
      <FormAlert message={failure} />
      <TextField control={control} register={register} name="title" label="Title" />
      <StatusField control={control} name="status" />
      {type === 'variable' ? (
        <>
          <NumberField control={control} register={register} name="config.points_per_step" label="Points per step" />
          <MoneyField control={control} name="config.step_value_minor" label="Each step is worth" />
          <NumberField control={control} register={register} name="config.min_points" label="Fewest points per redemption" />
          <NumberField control={control} register={register} name="config.max_points" label="Most points per redemption" />
        </>
      ) : (
        <NumberField control={control} register={register} name="points_cost" label="Points it costs" />
      )}
      {type === 'free_product' ? <CatalogueField control={control} name="config.free_product_id" kind="products" label="Free product" single /> : null}
      <DiscountFields control={control} register={register} type={type} />
      <NumberField
        control={control}
        register={register}
        name="config.reward_expiry_days"
        label="Reward expires after (days)"
        hint="Leave empty: the coupon never expires."
        empty="null"
      />
      <TextField control={control} register={register} name="config.code_prefix" label="Coupon code prefix" hint="Up to 10 capital letters or digits." />
      <ImpactPreview body={previewBody} />
      <RuleFormButtons isNew={id === undefined} noun="way to redeem" saving={save.isPending} onCancel={onDone} />
    </form>
  );
}

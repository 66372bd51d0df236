import { couponBody, type CouponBody } from '../../../../server/contract/coupons.ts';
import { useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, TextField, NumberField } from '../../../components/ui/form/FormFields.tsx';
import { couponBodyOf, couponQuery, useSaveCoupon } from '../api/points.ts';
import { RuleFormButtons } from './RuleFormButtons.tsx';
import { StatusField } from '../../../components/ui/form/RuleFields.tsx';
import { DiscountFields } from './DiscountFields.tsx';
import { useRuleSave } from '../../../components/ui/form/useSaveForm.ts';
import { withStoredRule } from './StoredRuleForm.tsx';

/** Every field of a coupon, validated with POST /coupon/store's own schema; a 422 lands on its fields, the failure stays shown. */
function CouponFields({ id, initial, onDone }: { id?: number | undefined; initial: CouponBody; onDone: () => void }) {
  const form = useContractForm(couponBody, initial);
  const { control, register } = form;
  const save = useSaveCoupon();
  const type = initial.discount_type;
  const { failure, onSubmit } = useRuleSave(form, save, { id, noun: 'coupon', onDone });
  return (
    <form className="ls-stack" onSubmit={onSubmit} noValidate aria-label="Coupon">
      <FormAlert message={failure} />
      <TextField control={control} register={register} name="title" label="Title" />
      <StatusField control={control} name="status" />
      <DiscountFields control={control} register={register} type={type} />
      <NumberField
        control={control}
        register={register}
        name="config.expiry_days"
        label="Code expires after (days)"
        hint="Leave empty: the code never expires."
        empty="null"
      />
      <RuleFormButtons isNew={id === undefined} noun="coupon" saving={save.isPending} onCancel={onDone} />
    </form>
  );
}

/** The coupon drawer's form: an existing coupon is read again with GET /coupon/{id}. */
export const CouponForm = withStoredRule(CouponFields, couponQuery, couponBodyOf, 'coupon');

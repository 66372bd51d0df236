import { useState } from 'react';
import { Field } from '../../components/ui/Field.tsx';
import { useSaveCouponReward } from './api/onboarding.ts';
import type { OnboardingCoupon } from '../../lib/api/endpoints.ts';
import { StepFrame, type StepProps } from './StepFrame.tsx';
import { useSavedSettings } from './saved-settings.ts';
import { currencySymbol, inputToMinor, minorToInput } from '../../lib/money-input.ts';
import { useStoreCurrency } from '../../lib/useStoreCurrency.ts';

type DiscountType = OnboardingCoupon['discount_type'];

export interface RewardForm {
  title: string;
  discountType: DiscountType;
  value: string;
  pointsCost: string;
}

/** Checks the form and builds the POST /coupon/onboarding/store body (amounts in minor units). */
export function rewardRequest(form: RewardForm, currency = 'USD'): { errors: Record<string, string>; body: OnboardingCoupon | null } {
  const errors: Record<string, string> = {};
  if (!form.title.trim()) errors.title = 'Enter a reward title.';
  const value = Number(form.value);
  if (form.discountType === 'percentage' && !(Number.isInteger(value) && value >= 1 && value <= 100))
    errors.value = 'A percentage discount is between 1 and 100.';
  const minor = inputToMinor(form.value, currency);
  if (form.discountType === 'fixed_amount' && !(minor !== null && minor > 0))
    errors.value = `Enter an amount greater than 0, such as ${minorToInput(500, currency)}.`;
  const cost = Number(form.pointsCost);
  if (!(Number.isInteger(cost) && cost >= 1)) errors.pointsCost = 'Enter a whole number of points, at least 1.';
  if (Object.keys(errors).length) return { errors, body: null };
  const discountValue = form.discountType === 'percentage' ? value : form.discountType === 'fixed_amount' ? (minor ?? 0) : 0;
  return { errors, body: { title: form.title.trim(), discount_type: form.discountType, discount_value: discountValue, points_cost: cost } };
}

/** The form of a saved reward (amounts back from minor units). */
function rewardForm(reward: OnboardingCoupon, currency: string): RewardForm {
  const value = reward.discount_type === 'fixed_amount' ? minorToInput(reward.discount_value, currency) : String(reward.discount_value);
  return { title: reward.title, discountType: reward.discount_type, value, pointsCost: String(reward.points_cost) };
}

/** Stage 6: the first reward members redeem their points for. */
export function RewardStep({ onDone, advancing }: StepProps) {
  const saved = useSavedSettings().onboarding_coupon_reward;
  const currency = useStoreCurrency();
  const [form, setForm] = useState<RewardForm>(
    saved ? rewardForm(saved, currency) : { title: '$5 off your order', discountType: 'fixed_amount', value: minorToInput(500, currency), pointsCost: '500' },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCouponReward();
  return (
    <StepFrame
      title="First reward"
      intro="Members exchange points for this coupon. More rewards can be added under Points."
      saving={save.isPending}
      advancing={advancing}
      failure={save.error}
      onSkip={onDone}
      onSubmit={() => {
        const { errors: found, body } = rewardRequest(form, currency);
        setErrors(found);
        if (body) save.mutate(body, { onSuccess: onDone });
      }}
    >
      <Field label="Reward title" value={form.title} error={errors.title} maxLength={120} onChange={(e) => setForm({ ...form, title: e.target.value })} />
      <fieldset className="ls-choice">
        <legend className="ls-field__label">Discount</legend>
        {(
          [
            ['fixed_amount', 'Amount off ($)'],
            ['percentage', 'Percentage off (%)'],
            ['free_shipping', 'Free shipping'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="ls-choice__option">
            <input
              type="radio"
              name="discount-type"
              value={value}
              checked={form.discountType === value}
              onChange={() => setForm({ ...form, discountType: value })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {form.discountType !== 'free_shipping' ? (
        <Field
          label={form.discountType === 'percentage' ? 'Percentage off' : `Amount off (${currencySymbol(currency)})`}
          inputMode="decimal"
          value={form.value}
          error={errors.value}
          onChange={(e) => setForm({ ...form, value: e.target.value })}
        />
      ) : null}
      <Field
        label="Points needed"
        type="number"
        inputMode="numeric"
        value={form.pointsCost}
        error={errors.pointsCost}
        onChange={(e) => setForm({ ...form, pointsCost: e.target.value })}
      />
    </StepFrame>
  );
}

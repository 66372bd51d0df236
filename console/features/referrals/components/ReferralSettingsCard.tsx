import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { referralSettingsBody, type ReferralSettings } from '../../../../server/contract/referrals.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, MoneyField, SwitchField, NumberField } from '../../../components/ui/form/FormFields.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { useCan } from '../../../lib/useCan.ts';
import { SelectField } from '../../../components/ui/form/RuleFields.tsx';
import { useSaveForm } from '../../../components/ui/form/useSaveForm.ts';
import { referralSettingsQuery, useRemoveReferralPoints, useSaveReferralSettings } from '../api/referrals.ts';

const COUPON_KINDS = [
  ['fixed_amount', 'Amount off'],
  ['percentage', 'Percentage off'],
] as const;
const REFERRER_KINDS = [['points', 'Points'], ...COUPON_KINDS] as const;

type SettingsFormApi = ReturnType<typeof useContractForm<typeof referralSettingsBody>>;

/** A reward's value in its kind's unit: money in the store's currency, a percentage, or points. */
function RewardValue({ form, who, label }: { form: SettingsFormApi; who: 'friend_reward' | 'referrer_reward'; label: string }) {
  const kind = useWatch({ control: form.control, name: `${who}.type` });
  if (kind === 'fixed_amount') return <MoneyField control={form.control} name={`${who}.value`} label={label} />;
  const hint = kind === 'percentage' ? 'The percentage off, 1 to 100.' : 'Points.';
  return <NumberField control={form.control} register={form.register} name={`${who}.value`} label={label} hint={hint} />;
}

function SettingsForm({ saved }: { saved: ReferralSettings }) {
  const form = useContractForm(referralSettingsBody, saved);
  const save = useSaveReferralSettings();
  const removePoints = useRemoveReferralPoints();
  const toast = useToast();
  const canEdit = useCan('program:edit');
  const referrerKind = useWatch({ control: form.control, name: 'referrer_reward.type' });
  const { failure, onSubmit } = useSaveForm(form, (body) => save.mutateAsync(body), {
    saved: () => 'Referral rewards saved',
    notSaved: 'The referral settings were not saved',
  });
  const { control, register } = form;
  return (
    <form className="ls-stack" onSubmit={onSubmit} noValidate aria-label="Referral rewards">
      <FormAlert message={failure} />
      <SwitchField control={control} name="enabled" label="Referrals are open" />
      <fieldset className="ls-stack">
        <legend>The friend gets</legend>
        <SelectField control={control} register={register} name="friend_reward.type" label="Friend's coupon" options={COUPON_KINDS} />
        <RewardValue form={form} who="friend_reward" label="Friend's coupon value" />
        <MoneyField control={control} name="friend_min_order_minor" label="Friend's minimum order" hint="0: any order counts." />
      </fieldset>
      <fieldset className="ls-stack">
        <legend>The referrer gets</legend>
        <SelectField control={control} register={register} name="referrer_reward.type" label="Referrer's reward" options={REFERRER_KINDS} />
        <RewardValue form={form} who="referrer_reward" label="Referrer's reward value" />
        <NumberField
          control={control}
          register={register}
          name="pending_days"
          label="Pending window (days)"
          hint="The referrer is rewarded this many days after the friend's first order is paid; a refund inside the window cancels the referral. 0: at once."
        />
        <NumberField
          control={control}
          register={register}
          name="max_rewards_per_referrer"
          label="Rewards per referrer at most"
          hint="Empty: no limit."
          empty="null"
        />
      </fieldset>
      <fieldset className="ls-stack">
        <legend>Links, coupons and fraud checks</legend>
        <NumberField
          control={control}
          register={register}
          name="visit_days"
          label="A referral link counts for (days)"
          hint="The first link a visitor opened wins."
        />
        <NumberField
          control={control}
          register={register}
          name="coupon_expiry_days"
          label="Coupons expire after (days)"
          hint="Empty: no expiry."
          empty="null"
        />
        <NumberField control={control} register={register} name="burst_max" label="Referrals from one IP address or device at most" />
        <NumberField control={control} register={register} name="burst_minutes" label="…within (minutes)" />
        <SwitchField control={control} name="block_disposable_emails" label="Hold friends with disposable e-mail addresses for review" />
      </fieldset>
      {canEdit ? (
        <div className="ls-row">
          <Button type="submit" variant="primary" loading={save.isPending}>
            Save referral rewards
          </Button>
          {saved.referrer_reward.type === 'points' && referrerKind === 'points' ? (
            <Button
              loading={removePoints.isPending}
              onClick={() =>
                removePoints.mutate(undefined, {
                  onSuccess: () => toast({ message: 'Referrers no longer earn points: they get the 5% off coupon' }),
                  onError: (error) => toast({ message: `The points reward was not removed: ${errorMessage(error)}` }),
                })
              }
            >
              Stop giving points
            </Button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

/** The referral program (GET /referral-setting, POST /referral-setting/store). */
export function ReferralSettingsCard() {
  const settings = useQuery(referralSettingsQuery());
  return (
    <section className="ls-card" aria-labelledby="referral-settings-heading">
      <h2 id="referral-settings-heading">Rewards</h2>
      {settings.isPending ? <p role="status">Loading…</p> : null}
      {settings.isError ? <Banner tone="critical">{`The referral settings could not be loaded: ${errorMessage(settings.error)}`}</Banner> : null}
      {settings.data ? <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} /> : null}
    </section>
  );
}

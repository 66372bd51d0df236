import { useQuery } from '@tanstack/react-query';
import { vipSettingsBody, type VipSettingsView } from '../../../../server/contract/vip.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, SwitchField } from '../../../components/ui/form/FormFields.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { SelectField } from '../../../components/ui/form/RuleFields.tsx';
import { useSaveForm } from '../../../components/ui/form/useSaveForm.ts';
import { useSaveVipSettings, vipSettingsQuery } from '../api/vip.ts';
import { Permitted } from '../../../components/ui/Permitted.tsx';

const BASES = [
  ['points', 'Points earned'],
  ['spent', 'Amount spent'],
  ['orders', 'Orders placed'],
] as const;
const PERIODS = [
  ['lifetime', 'Lifetime'],
  ['rolling_12_months', 'Rolling 12 months'],
  ['calendar_year', 'Calendar year'],
] as const;
const FALL_BELOW = [
  ['keep_until_period_end', 'Keep the tier until the period ends'],
  ['drop', 'Move down at once'],
] as const;

function SettingsForm({ saved, onSaved }: { saved: VipSettingsView; onSaved: (jobId: number) => void }) {
  const form = useContractForm(vipSettingsBody, saved);
  const save = useSaveVipSettings();
  const { failure, onSubmit } = useSaveForm(
    form,
    async (body) => {
      const answer = await save.mutateAsync(body);
      onSaved(answer.job.id);
    },
    { saved: () => 'VIP settings saved: members are being measured again', notSaved: 'The VIP settings were not saved' },
  );
  const { control, register } = form;
  return (
    <form className="ls-stack" onSubmit={onSubmit} noValidate aria-label="VIP settings">
      <Permitted permission="program:edit">
        <FormAlert message={failure} />
        <SwitchField control={control} name="enabled" label="VIP tiers are on" />
        <SelectField control={control} register={register} name="basis" label="Members enter a tier by" options={BASES} />
        <SelectField control={control} register={register} name="period" label="Counted over" options={PERIODS} />
        <SelectField control={control} register={register} name="fall_below" label="When a member falls below their tier" options={FALL_BELOW} />
        <div className="ls-row">
          <Button type="submit" variant="primary" loading={save.isPending}>
            Save settings
          </Button>
        </div>
      </Permitted>
    </form>
  );
}

/** GET /vip/settings, POST /vip/settings/store: what tiers are measured on, over which period, and the fall-below policy. */
export function VipSettingsCard({ onSaved }: { onSaved: (jobId: number) => void }) {
  const settings = useQuery(vipSettingsQuery());
  return (
    <section className="ls-card" aria-labelledby="vip-settings-heading">
      <h2 id="vip-settings-heading">Settings</h2>
      {settings.isPending ? <p role="status">Loading…</p> : null}
      {settings.isError ? <Banner tone="critical">{`The VIP settings could not be loaded: ${errorMessage(settings.error)}`}</Banner> : null}
      {settings.data ? <SettingsForm saved={settings.data} onSaved={onSaved} /> : null}
    </section>
  );
}

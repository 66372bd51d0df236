import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { applyServerErrors, useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, NumberField } from '../../../components/ui/form/FormFields.tsx';
import { useConsole } from '../../../state/store.ts';
import { EXPIRY_REMINDER_DEFAULTS, expiryReminderBody } from '../../../../server/contract/store.ts';
import { useSaveStoreSettings } from '../../../lib/session-queries.ts';
import { Permitted } from '../../../components/ui/Permitted.tsx';

const stored = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback);

/** The card's fields under the names POST /store/setting/update takes (its 422s land on them as they are). */
const schema = z.strictObject({ email_settings: expiryReminderBody });

/**
 * When the two points-expiry emails go out (store.settings.email_settings early_expiry_days and
 * final_expiry_days, through POST /store/setting/update): validated with the server's own schema,
 * early > final ≥ 1 days before the points expire.
 */
export function ExpiryRemindersCard() {
  const settings = useConsole((s) => s.user.users?.store?.settings?.email_settings) as Record<string, unknown> | undefined;
  const form = useContractForm(schema, {
    email_settings: {
      early_expiry_days: stored(settings?.early_expiry_days, EXPIRY_REMINDER_DEFAULTS.early_expiry_days),
      final_expiry_days: stored(settings?.final_expiry_days, EXPIRY_REMINDER_DEFAULTS.final_expiry_days),
    },
  });
  const save = useSaveStoreSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(values);
      toast({ message: 'Reminder days saved' });
    } catch (error) {
      setFailure(`The reminder days were not saved: ${applyServerErrors(form, error)}`);
    }
  });
  return (
    <section className="ls-card" aria-labelledby="expiry-reminders-heading">
      <h2 id="expiry-reminders-heading">Points expiry reminders</h2>
      <p>Members whose points are about to expire get two emails: an early reminder and a final one.</p>
      <form className="ls-stack" onSubmit={(event) => void submit(event)} noValidate aria-label="Points expiry reminders">
        <Permitted permission="store:settings">
          <FormAlert message={failure} />
          <NumberField
            control={form.control}
            register={form.register}
            name="email_settings.early_expiry_days"
            label="Early reminder, days before expiry"
            hint="Sends the “Early points expiry” email. More days than the final reminder."
          />
          <NumberField
            control={form.control}
            register={form.register}
            name="email_settings.final_expiry_days"
            label="Final reminder, days before expiry"
            hint="Sends the “Final points expiry” email. At least 1 day."
          />
          <div>
            <Button type="submit" variant="primary" loading={save.isPending}>
              Save reminder days
            </Button>
          </div>
        </Permitted>
      </form>
    </section>
  );
}

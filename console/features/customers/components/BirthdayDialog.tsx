import { useState } from 'react';
import { calendarDayIn, customerBirthdayBody, rewardDateOf, storeTimeZone } from '../../../../server/contract/customers.ts';
import { FormDialog } from '../../../components/ui/form/FormDialog.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { applyServerErrors, useContractForm } from '../../../components/ui/form/contract-form.ts';
import { TextField } from '../../../components/ui/form/FormFields.tsx';
import { useConsole } from '../../../state/store.ts';
import { useSetBirthday } from '../api/customers.ts';
import { formatDay } from './customer-columns.tsx';

const schema = customerBirthdayBody.omit({ customer_id: true });

/** customer/birthday; spec §5: a birthday less than a month away gets its reward next year (said before saving). */
export function BirthdayDialog({ customerId, current, open, onClose }: { customerId: number; current: string | null; open: boolean; onClose: () => void }) {
  const form = useContractForm(schema, { birthday: current ?? '' });
  const save = useSetBirthday();
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  const timeZone = useConsole((s) => storeTimeZone(s.user.users?.store?.settings));
  const [now] = useState(() => new Date());
  const typed = form.watch('birthday');
  // the server's rule, on the store's calendar day: what the save will answer
  const waits = /^\d{4}-\d{2}-\d{2}$/.test(typed ?? '') ? rewardDateOf(typed, calendarDayIn(now, timeZone)).waits : false;
  const submit = form.handleSubmit(async ({ birthday }) => {
    setFailure(null);
    try {
      const answer = await save.mutateAsync({ customer_id: customerId, birthday });
      toast({ message: `Birthday saved; the birthday reward comes on ${formatDay(answer.reward_on)}` });
      onClose();
    } catch (error) {
      setFailure(`The birthday was not saved: ${applyServerErrors(form, error)}`);
    }
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Set birthday"
      formId="birthday-form"
      submitLabel="Save birthday"
      busy={save.isPending}
      failure={failure}
      onSubmit={(event) => void submit(event)}
    >
      <TextField name="birthday" label="Birthday" type="date" register={form.register} control={form.control} />
      {waits ? <p role="status">This birthday is less than a month away: its reward waits until next year.</p> : null}
    </FormDialog>
  );
}

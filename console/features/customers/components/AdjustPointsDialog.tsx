import { useState } from 'react';
import { z } from 'zod';
import { adjustPointsBody } from '../../../../server/contract/customer-points.ts';
import { FormDialog } from '../../../components/ui/form/FormDialog.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { applyServerErrors, useContractForm } from '../../../components/ui/form/contract-form.ts';
import { TextField } from '../../../components/ui/form/FormFields.tsx';
import { useAdjustPoints } from '../api/customers.ts';
import { pointsOf } from '../../../lib/format.ts';

/** The call's own rules (a reason, not zero, an integer), the number typed as text. */
const schema = adjustPointsBody
  .omit({ customer_id: true })
  .extend({ points: z.coerce.number('Enter a number of points.').pipe(adjustPointsBody.shape.points) });

/** customer/adjust/points: add (or, negative, remove) points with a required reason; a removal never takes the balance below zero. */
export function AdjustPointsDialog({ customerId, balance, open, onClose }: { customerId: number; balance: number; open: boolean; onClose: () => void }) {
  const form = useContractForm(schema, { points: '', reason: '' });
  const adjust = useAdjustPoints();
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };
  const submit = form.handleSubmit(async ({ points, reason }) => {
    setFailure(null);
    if (balance + points < 0) {
      form.setError('points', { message: `The balance is ${balance}: at most ${balance} points can be removed.` });
      return;
    }
    try {
      await adjust.mutateAsync({ customer_id: customerId, points, reason });
      toast({ message: `${points > 0 ? 'Added' : 'Removed'} ${pointsOf(Math.abs(points))}` });
      close();
    } catch (error) {
      setFailure(`The points were not adjusted: ${applyServerErrors(form, error)}`);
    }
  });
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Adjust points"
      formId="adjust-points-form"
      submitLabel="Save adjustment"
      busy={adjust.isPending}
      failure={failure}
      onSubmit={(event) => void submit(event)}
    >
      <TextField name="points" label="Points" hint="A negative number removes points." register={form.register} control={form.control} />
      <TextField name="reason" label="Reason" hint="Shown in the customer's points timeline." register={form.register} control={form.control} />
    </FormDialog>
  );
}

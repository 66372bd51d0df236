import { useState } from 'react';
import { z } from 'zod';
import { tagName } from '../../../../server/contract/customers.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { FormDialog } from '../../../components/ui/form/FormDialog.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { applyServerErrors, useContractForm } from '../../../components/ui/form/contract-form.ts';
import { TextField } from '../../../components/ui/form/FormFields.tsx';
import { useTagCustomers } from '../api/customers.ts';
import { countOf } from '../../../lib/format.ts';

const schema = z.object({ tag: tagName });

/** tag/customer: add a tag to (or remove it from) the customers chosen in the list. */
export function TagDialog({ customerIds, onClose }: { customerIds: number[] | null; onClose: () => void }) {
  const form = useContractForm(schema, { tag: '' });
  const tag = useTagCustomers();
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  const close = () => [form.reset(), setFailure(null), onClose()];
  const apply = (mode: 'add' | 'remove') =>
    form.handleSubmit(async ({ tag: name }) => {
      if (!customerIds) return;
      setFailure(null);
      try {
        const answer = await tag.mutateAsync({ customer_ids: customerIds, add: mode === 'add' ? [name] : [], remove: mode === 'remove' ? [name] : [] });
        toast({ message: `"${name}" ${mode === 'add' ? 'added to' : 'removed from'} ${countOf(answer.changed, 'customer')}` });
        close();
      } catch (error) {
        setFailure(`No tag was changed: ${applyServerErrors(form, error)}`);
      }
    });
  const count = customerIds?.length ?? 0;
  return (
    <FormDialog
      open={customerIds !== null}
      onClose={close}
      title="Tag customers"
      formId="tag-form"
      submitLabel="Add tag"
      busy={tag.isPending}
      failure={failure}
      onSubmit={(event) => void apply('add')(event)}
      actions={
        <Button disabled={tag.isPending} onClick={() => void apply('remove')()}>
          Remove tag
        </Button>
      }
    >
      <p>{`${countOf(count, 'customer')} chosen. Tags filter the list and choose customers for awards.`}</p>
      <TextField name="tag" label="Tag" register={form.register} control={form.control} />
    </FormDialog>
  );
}

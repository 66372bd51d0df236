import { useState } from 'react';
import { orderStatusSettingsBody, type OrderStatusSettingsRecord } from '../../../../server/contract/apps.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { applyServerErrors, useContractForm } from '../../../components/ui/form/contract-form.ts';
import { CheckboxGroupField } from '../../../components/ui/form/CheckboxGroupField.tsx';
import { FormAlert } from '../../../components/ui/form/FormFields.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { useSaveOrderSettings } from '../api/orders.ts';
import { Permitted } from '../../../components/ui/Permitted.tsx';

/** POST /order/store: which platform statuses award an order's points and which take them back. */
export function OrderStatusForm({ settings }: { settings: OrderStatusSettingsRecord }) {
  const form = useContractForm(orderStatusSettingsBody, { award_statuses: settings.award_statuses, cancel_statuses: settings.cancel_statuses });
  const save = useSaveOrderSettings();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const statuses = [...new Set([...Object.values(settings.statuses).flat(), ...settings.award_statuses, ...settings.cancel_statuses])].sort();
  const options = statuses.map((status) => ({ value: status, label: status }));
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(values);
      toast({ message: 'Order status settings saved' });
    } catch (error) {
      setFailure(`Not saved: ${applyServerErrors(form, error)}`);
    }
  });
  return (
    <form className="ls-stack" onSubmit={(event) => void submit(event)} noValidate>
      <Permitted permission="store:settings">
        <FormAlert message={failure} />
        {settings.order_rules === 0 ? <p className="ls-muted">Create an order earning rule under Points first: these statuses are part of it.</p> : null}
        <div className="ls-media-grid">
          <CheckboxGroupField control={form.control} name="award_statuses" legend="Award points when the order is" options={options} />
          <CheckboxGroupField control={form.control} name="cancel_statuses" legend="Take the points back when the order is" options={options} />
        </div>
        <div>
          <Button type="submit" variant="primary" loading={save.isPending}>
            Save order statuses
          </Button>
        </div>
      </Permitted>
    </form>
  );
}

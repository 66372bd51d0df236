import { useToast } from '../../../components/ui/Toast.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { applyServerErrors, useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, SwitchField, TextField } from '../../../components/ui/form/FormFields.tsx';
import type { Store } from '../../../lib/api/types.ts';
import { brandColourField, storeSettingsBody } from '../../../../server/contract/store.ts';
import { ColourField } from '../../../components/ui/form/ColourField.tsx';
import { z } from 'zod';
import { useSaveStoreSettings } from '../../../lib/session-queries.ts';
import { useState } from 'react';
import { Permitted } from '../../../components/ui/Permitted.tsx';

/**
 * The fields of this card, validated with the server's own schema of POST /store/setting/update;
 * an empty brand colour is left unset (the store keeps the product's palette).
 */
const schema = storeSettingsBody
  .pick({ website: true, email_settings: true })
  .extend({ primary_color: z.preprocess((value) => (value === '' ? undefined : value), brandColourField.optional()) });

/** Store settings: website, brand colour (store.settings.primary_color) and the visual email editor (store.settings.email_settings.unlayer). */
export function StoreSettingsCard({ store }: { store: Store }) {
  const form = useContractForm(schema, {
    website: store.settings?.website ?? '',
    email_settings: { unlayer: Boolean(store.settings?.email_settings?.unlayer) },
    primary_color: store.settings?.primary_color ?? '',
  });
  const save = useSaveStoreSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(values);
      toast({ message: 'Store settings saved' });
    } catch (error) {
      setFailure(`The settings were not saved: ${applyServerErrors(form, error)}`);
    }
  });
  return (
    <section className="ls-card" aria-labelledby="store-settings-heading">
      <h2 id="store-settings-heading">Store settings — {store.title}</h2>
      <form className="ls-stack" onSubmit={(event) => void submit(event)} noValidate>
        <Permitted permission="store:settings">
          <FormAlert message={failure} />
          <TextField
            control={form.control}
            register={form.register}
            name="website"
            label="Website"
            type="url"
            inputMode="url"
            placeholder="https://www.example.com"
          />
          <ColourField
            control={form.control}
            name="primary_color"
            label="Brand colour"
            hint="New landing pages, widgets, launchers, sticky bars and emails start in this colour. Pages you already saved keep theirs."
          />
          <SwitchField
            control={form.control}
            name="email_settings.unlayer"
            label="Visual email editor"
            hint="Design all program emails in one drag-and-drop editor. When off, each email has its own page."
          />
          <div>
            <Button type="submit" variant="primary" loading={save.isPending}>
              Save store settings
            </Button>
          </div>
        </Permitted>
      </form>
    </section>
  );
}

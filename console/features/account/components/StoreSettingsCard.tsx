import { useToast } from '../../../components/ui/Toast.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { applyServerErrors, useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, SwitchField, TextField } from '../../../components/ui/form/FormFields.tsx';
import type { Store } from '../../../lib/api/types.ts';
import { storeLanguages } from '../../../../renderers/contract/index.ts';
import { ColourField } from '../../../components/ui/form/ColourField.tsx';
import { useSaveStoreSettings } from '../../../lib/session-queries.ts';
import { useState } from 'react';
import { Permitted } from '../../../components/ui/Permitted.tsx';
import { StoreLanguagesFields } from './StoreLanguagesFields.tsx';
import { storeSettingsSchema } from './store-settings-form.ts';

/**
 * Store settings: website, brand colour (store.settings.primary_color), the visual email editor
 * (store.settings.email_settings.unlayer) and the store's languages (default_language, languages).
 */
export function StoreSettingsCard({ store }: { store: Store }) {
  const saved = storeLanguages(store.settings);
  const form = useContractForm(storeSettingsSchema, {
    website: store.settings?.website ?? '',
    email_settings: { unlayer: Boolean(store.settings?.email_settings?.unlayer) },
    primary_color: store.settings?.primary_color ?? '',
    default_language: saved.default,
    languages: saved.others,
  });
  const save = useSaveStoreSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { default_language, languages = [], ...rest } = values;
      const others = languages.filter((tag) => tag !== default_language);
      const unchanged = default_language === saved.default && others.join() === saved.others.join();
      // the languages are sent only when changed: a store that never chose any keeps none saved
      await save.mutateAsync(unchanged ? rest : { ...rest, default_language, languages: others });
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
          <StoreLanguagesFields form={form} />
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

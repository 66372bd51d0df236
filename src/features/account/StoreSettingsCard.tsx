import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Banner } from '../../components/ui/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Checkbox, Field } from '../../components/ui/Field.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import type { Store } from '../../lib/api/types.ts';
import { isValidUrl } from '../../lib/validation.ts';
import { queryClient, session } from '../../app/session/runtime.ts';

export const WEBSITE_ERROR = 'Enter a valid URL, for example https://www.example.com.';

/** spec §5: the website is optional; when given it must pass the URL check. */
export const websiteError = (value: string): string | null => (value.trim() === '' || isValidUrl(value) ? null : WEBSITE_ERROR);

/** Store settings: website and the visual email editor (store.settings.email_settings.unlayer). */
export function StoreSettingsCard({ store }: { store: Store }) {
  const [website, setWebsite] = useState(store.settings?.website ?? '');
  const [unlayer, setUnlayer] = useState(Boolean(store.settings?.email_settings?.unlayer));
  const [touched, setTouched] = useState(false);
  const toast = useToast();
  const save = useMutation({
    mutationFn: () => session.saveUserSettings({ website: website.trim(), email_settings: { unlayer } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['user-details'] });
      toast({ message: 'Store settings saved' });
    },
  });
  const error = touched ? websiteError(website) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (websiteError(website) === null) save.mutate();
  };
  return (
    <section className="ls-card" aria-labelledby="store-settings-heading">
      <h2 id="store-settings-heading">Store settings — {store.title}</h2>
      <form className="ls-stack" onSubmit={submit} noValidate>
        {save.isError ? <Banner tone="critical">{`The settings were not saved: ${errorMessage(save.error)}`}</Banner> : null}
        <Field label="Website" type="url" inputMode="url" placeholder="https://www.example.com" value={website} error={error}
          onChange={(e) => setWebsite(e.target.value)} onBlur={() => setTouched(true)} />
        <Checkbox label="Visual email editor" checked={unlayer} onChange={(e) => setUnlayer(e.target.checked)}
          hint="Design all program emails in one drag-and-drop editor. When off, each email has its own page." />
        <div><Button type="submit" variant="primary" loading={save.isPending}>Save store settings</Button></div>
      </form>
    </section>
  );
}

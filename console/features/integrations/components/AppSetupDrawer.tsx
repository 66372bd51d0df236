import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AppId, AppRecord } from '../../../../server/contract/apps.ts';
import { Drawer } from '../../../components/ui/aria/Drawer.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { FormAlert } from '../../../components/ui/form/FormFields.tsx';
import { ApiError, errorMessage } from '../../../lib/api/errors.ts';
import { appInfoQuery, useIntegrateApp } from '../api/apps.ts';

/** What the app needs to connect: Shopify its shop domain, BigCommerce an API access token, the neutral webhook nothing. */
const SETTING: Partial<Record<AppId, { label: string; key: 'domain' | 'access_token'; placeholder: string }>> = {
  shopify: { label: 'Shop domain', key: 'domain', placeholder: 'my-shop.myshopify.com' },
  bigcommerce: { label: 'API access token', key: 'access_token', placeholder: 'BigCommerce API account token' },
};

function ConnectForm({ app }: { app: AppRecord }) {
  const setting = SETTING[app.id];
  const [value, setValue] = useState(setting?.key === 'domain' ? (app.connected_to ?? '') : '');
  const integrate = useIntegrateApp();
  const fieldError = integrate.error instanceof ApiError && setting ? integrate.error.errors[setting.key] : undefined;
  if (!setting) return null;
  return (
    <form
      className="ls-stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        integrate.mutate({ app: app.id, [setting.key]: value } as never);
      }}
    >
      <FormAlert message={integrate.isError && !fieldError ? `Not connected: ${errorMessage(integrate.error)}` : null} />
      <Field label={setting.label} value={value} placeholder={setting.placeholder} error={fieldError} onChange={(e) => setValue(e.target.value)} />
      <div>
        <Button type="submit" variant="primary" loading={integrate.isPending}>
          {app.state === 'connected' ? 'Save' : 'Connect'}
        </Button>
      </div>
      {integrate.isSuccess ? <p role="status">{app.name} connected.</p> : null}
    </form>
  );
}

/** POST /apps/info in a drawer: the webhook URL, how posts are signed and the topics, with the app's own setting. */
export function AppSetupDrawer({ app, onClose }: { app: AppRecord | null; onClose: () => void }) {
  const info = useQuery({ ...appInfoQuery(app?.id ?? 'custom'), enabled: app !== null });
  return (
    <Drawer open={app !== null} title={app ? `Set up ${app.name}` : ''} onClose={onClose}>
      {app ? (
        <div className="ls-stack">
          <p>{app.description}</p>
          {info.data ? (
            <dl className="ls-stack">
              {(
                [
                  ['Webhook URL', <code key="url">{info.data.webhook_url}</code>],
                  ['Signature', <code key="signature">{info.data.signature}</code>],
                  ['Topics', info.data.topics.join(', ')],
                ] as const
              ).map(([term, detail]) => (
                <div key={term}>
                  <dt className="ls-field__label">{term}</dt>
                  <dd>{detail}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {info.isError ? <FormAlert message={errorMessage(info.error)} /> : null}
          <ConnectForm key={app.id} app={app} />
        </div>
      ) : null}
    </Drawer>
  );
}

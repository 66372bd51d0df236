import { useState } from 'react';
import { API_SCOPES, SCOPE_DESCRIPTIONS, apiClientCreateBody, type ApiClientCreated } from '../../../../server/contract/api-clients.ts';
import { Drawer } from '../../../components/ui/aria/Drawer.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { CheckboxGroupField } from '../../../components/ui/form/CheckboxGroupField.tsx';
import { applyServerErrors, useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, TextField } from '../../../components/ui/form/FormFields.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { useCopyToClipboard } from '../../../lib/useCopyToClipboard.ts';
import { useCreateApiClient } from '../api/api-clients.ts';

/** The new client's id and secret: the secret is in this answer only, so it is shown once with a copy button. */
function CreatedCredentials({ client, onDone }: { client: ApiClientCreated; onDone: () => void }) {
  const { copied, error, copy } = useCopyToClipboard();
  return (
    <div className="ls-stack">
      <Banner tone="info">Copy the client secret now: it is shown only once. Create a new client if it is lost.</Banner>
      <Field label="Client ID" readOnly value={client.client_id} className="ls-field__input ls-secret" onFocus={(e) => e.target.select()} />
      <div className="ls-secret-row">
        <Field label="Client secret" readOnly value={client.client_secret} className="ls-field__input ls-secret" onFocus={(e) => e.target.select()} />
        <Button onClick={() => void copy(client.client_secret)}>{copied ? 'Copied' : 'Copy secret'}</Button>
      </div>
      <span role="status" className="ls-visually-hidden">
        {copied ? 'Secret copied to the clipboard' : ''}
      </span>
      {error ? <Banner tone="critical">{error}</Banner> : null}
      <div>
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** POST /oauth/clients: a name and the scopes the client may read, validated by the server's own schema. */
function CreateForm({ onCreated }: { onCreated: (client: ApiClientCreated) => void }) {
  const form = useContractForm(apiClientCreateBody, { name: '', scopes: ['customers:read'] });
  const create = useCreateApiClient();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      setFailure(`The client was not created: ${applyServerErrors(form, error)}`);
    }
  });
  return (
    <form className="ls-stack" onSubmit={(event) => void submit(event)} noValidate>
      <FormAlert message={failure} />
      <TextField control={form.control} register={form.register} name="name" label="Name" placeholder="Warehouse sync" />
      <CheckboxGroupField
        control={form.control}
        name="scopes"
        legend="Scopes"
        options={API_SCOPES.map((scope) => ({ value: scope, label: scope, hint: SCOPE_DESCRIPTIONS[scope] }))}
      />
      <div>
        <Button type="submit" variant="primary" loading={create.isPending}>
          Create client
        </Button>
      </div>
    </form>
  );
}

/** Creates an API client in a drawer, then shows its credentials once. */
export function CreateApiClientDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<ApiClientCreated | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Drawer open={open} title={created ? `Client “${created.name}” created` : 'New API client'} onClose={close}>
      {created ? <CreatedCredentials client={created} onDone={close} /> : <CreateForm onCreated={setCreated} />}
    </Drawer>
  );
}

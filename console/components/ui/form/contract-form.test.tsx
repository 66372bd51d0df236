// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { ApiError } from '../../../lib/api/errors.ts';
import { storeSettingsBody } from '../../../../server/contract/store.ts';
import { applyServerErrors, useContractForm } from './contract-form.ts';
import { FormAlert, SwitchField, TextField } from './FormFields.tsx';

afterEach(cleanup);

const schema = storeSettingsBody.pick({ website: true, email_settings: true });

function StoreForm({ save }: { save: (values: z.output<typeof schema>) => Promise<void> }) {
  const form = useContractForm(schema, { website: '', email_settings: { unlayer: false } });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    try {
      await save(values);
      setFailure('saved');
    } catch (error) {
      setFailure(applyServerErrors(form, error));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormAlert message={failure} />
      <TextField control={form.control} register={form.register} name="website" label="Website" />
      <SwitchField control={form.control} name="email_settings.unlayer" label="Visual email editor" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('contract forms', () => {
  it("validates with the server's own schema before sending, the message linked to its field", async () => {
    const sent: unknown[] = [];
    render(
      <StoreForm
        save={async (values) => {
          sent.push(values);
        }}
      />,
    );
    fireEvent.change(screen.getByLabelText('Website'), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText('Enter a valid URL, for example https://www.example.com.');
    const input = screen.getByLabelText('Website');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    expect(sent).toEqual([]);
    fireEvent.change(input, { target: { value: 'https://shop.example.com' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Visual email editor' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('saved');
    expect(sent).toEqual([{ website: 'https://shop.example.com', email_settings: { unlayer: true } }]);
  });

  it("lands a 422's field errors on their fields and shows its message above the form", async () => {
    const refusal = new ApiError('The request was refused.', {
      kind: 'bad request',
      status: 422,
      serverMessage: 'The website is not allowed.',
      errors: { website: 'This domain is blocked.', other: 'ignored' },
    });
    render(
      <StoreForm
        save={async () => {
          throw refusal;
        }}
      />,
    );
    fireEvent.change(screen.getByLabelText('Website'), { target: { value: 'https://blocked.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('This domain is blocked.');
    expect(screen.getByText('The website is not allowed.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Website').getAttribute('aria-invalid')).toBe('true'));
  });
});

import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { applyServerErrors, useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, TextField } from '../../../components/ui/form/FormFields.tsx';
import type { User } from '../../../lib/api/types.ts';
import { passwordChangeBody } from '../../../../server/contract/session.ts';
import { useChangePassword } from '../api/account.ts';

/** The server's password rules, plus the confirmation only the form asks for. */
const schema = passwordChangeBody
  .extend({ confirm: z.string() })
  .refine((form) => form.confirm === form.password, { message: 'The passwords do not match.', path: ['confirm'] });

const ROLE_NAMES: Record<string, string> = { owner: 'Owner', staff: 'Staff' };

/** Name, email and password change. */
export function ProfileCard({ user }: { user: User }) {
  const form = useContractForm(schema, { current_password: '', password: '', confirm: '' });
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  const submit = form.handleSubmit(async ({ current_password, password }) => {
    setFailure(null);
    try {
      await change.mutateAsync({ current_password, password });
      form.reset();
      toast({ message: 'Password changed' });
    } catch (error) {
      setFailure(`Your password was not changed: ${applyServerErrors(form, error)}`);
    }
  });
  return (
    <>
      <section className="ls-card" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        <dl className="ls-facts">
          <dt>Name</dt>
          <dd>{user.name}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Role</dt>
          <dd>{ROLE_NAMES[user.role ?? ''] ?? 'Member'}</dd>
        </dl>
      </section>
      <section className="ls-card" aria-labelledby="password-heading">
        <h2 id="password-heading">Change password</h2>
        <form className="ls-stack" onSubmit={(event) => void submit(event)} noValidate>
          <FormAlert message={failure} />
          <TextField
            control={form.control}
            register={form.register}
            name="current_password"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <TextField
            control={form.control}
            register={form.register}
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
          />
          <TextField control={form.control} register={form.register} name="confirm" label="Confirm new password" type="password" autoComplete="new-password" />
          <div>
            <Button type="submit" variant="primary" loading={change.isPending}>
              Change password
            </Button>
          </div>
        </form>
      </section>
    </>
  );
}

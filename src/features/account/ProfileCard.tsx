import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Banner } from '../../components/ui/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import type { User } from '../../lib/api/types.ts';
import { api } from '../../app/session/runtime.ts';

export const PASSWORD_MIN_LENGTH = 8;

/** Client-side messages of the password form (the server re-validates). */
export function passwordErrors(form: { current: string; next: string; confirm: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.current) errors.current = 'Enter your current password.';
  if (form.next.length < PASSWORD_MIN_LENGTH) errors.next = `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (form.confirm !== form.next) errors.confirm = 'The passwords do not match.';
  return errors;
}

/** Name, email and password change. */
export function ProfileCard({ user }: { user: User }) {
  const [form, setForm] = useState({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toast = useToast();
  const change = useMutation({
    mutationFn: () => api.post('/account/password', { current_password: form.current, password: form.next }),
    onSuccess: () => { setForm({ current: '', next: '', confirm: '' }); toast({ message: 'Password changed' }); },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passwordErrors(form);
    setErrors(found);
    if (Object.keys(found).length === 0) change.mutate();
  };
  return (
    <>
      <section className="ls-card" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        <dl className="ls-facts">
          <dt>Name</dt><dd>{user.name}</dd>
          <dt>Email</dt><dd>{user.email}</dd>
          <dt>Role</dt><dd>{user.role === 'owner' ? 'Owner' : user.role === 'staff' ? 'Staff' : 'Member'}</dd>
        </dl>
      </section>
      <section className="ls-card" aria-labelledby="password-heading">
        <h2 id="password-heading">Change password</h2>
        <form className="ls-stack" onSubmit={submit} noValidate>
          {change.isError ? <Banner tone="critical">{`Your password was not changed: ${errorMessage(change.error)}`}</Banner> : null}
          <Field label="Current password" type="password" autoComplete="current-password" value={form.current} error={errors.current}
            onChange={(e) => setForm({ ...form, current: e.target.value })} />
          <Field label="New password" type="password" autoComplete="new-password" value={form.next} error={errors.next}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} onChange={(e) => setForm({ ...form, next: e.target.value })} />
          <Field label="Confirm new password" type="password" autoComplete="new-password" value={form.confirm} error={errors.confirm}
            onChange={(e) => setForm({ ...form, confirm: e.target.value })} />
          <div><Button type="submit" variant="primary" loading={change.isPending}>Change password</Button></div>
        </form>
      </section>
    </>
  );
}

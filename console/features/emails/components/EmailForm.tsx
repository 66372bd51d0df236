import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFormState, useWatch, type UseFormRegister, type Control } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { applyServerErrors, useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, SwitchField, TextField } from '../../../components/ui/form/FormFields.tsx';
import { emailFields, type EmailTemplateRecord } from '../../../../server/contract/templates.ts';
import { previewQuery, templateSaveFailure, useSaveTemplate, type EmailFieldsValue } from '../api/emails.ts';
import { EmailPreview } from './EmailPreview.tsx';
import { TestSendCard } from './TestSendCard.tsx';
import { Permitted } from '../../../components/ui/Permitted.tsx';

/** The simple form, validated with the server's own schema of POST /template/store/{id}. */
const schema = z.strictObject({ enabled: z.boolean(), fields: emailFields });
type FormValues = z.input<typeof schema>;

function BodyField({ register, control }: { register: UseFormRegister<FormValues>; control: Control<FormValues> }) {
  const { errors } = useFormState({ control, name: 'fields.body' });
  const error = errors.fields?.body?.message;
  return (
    <div className="ls-field">
      <label className="ls-field__label" htmlFor="email-body">
        Body
      </label>
      <textarea
        id="email-body"
        className="ls-field__input"
        rows={8}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'email-body-hint email-body-error' : 'email-body-hint'}
        {...register('fields.body')}
      />
      <div id="email-body-hint" className="ls-field__hint">
        A blank line starts a new paragraph. Placeholders such as {'{{first_name}}'} are filled for each member.
      </div>
      {error ? (
        <div id="email-body-error" className="ls-field__error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** Waits until the form has been still for `ms` before the preview is rendered again. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const text = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(text) as T), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/** One email as a simple form (subject, preheader, heading, body, button, on/off) with a live preview. */
export function EmailForm({ template, tags }: { template: EmailTemplateRecord; tags: string[] }) {
  const form = useContractForm(schema, { enabled: template.enabled, fields: template.fields });
  const save = useSaveTemplate(template.key);
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  const watched = useWatch({ control: form.control, name: 'fields' }) as EmailFieldsValue;
  const settled = useSettled(watched, 300);
  const valid = emailFields.safeParse(settled);
  const preview = useQuery({ ...previewQuery(template.key, valid.success ? valid.data : template.fields), enabled: valid.success });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({ enabled: values.enabled, editor: 'simple', fields: values.fields });
      toast({ message: `${template.name} email saved` });
    } catch (error) {
      applyServerErrors(form, error);
      setFailure(templateSaveFailure(error).message);
    }
  });
  const field = (name: `fields.${keyof EmailFieldsValue}`, label: string, hint?: string) => (
    <TextField control={form.control} register={form.register} name={name} label={label} hint={hint} />
  );
  return (
    <div className="ls-email-editor">
      <div className="ls-stack">
        <section className="ls-card" aria-labelledby="email-form-heading">
          <h2 id="email-form-heading">Content</h2>
          <form className="ls-stack" noValidate onSubmit={(event) => void submit(event)}>
            <Permitted permission="program:edit">
              <FormAlert message={failure} />
              <SwitchField control={form.control} name="enabled" label="Send this email" hint="When off, members do not receive it." />
              {field('fields.subject', 'Subject')}
              {field('fields.preheader', 'Preheader', 'The line inboxes show after the subject.')}
              {field('fields.heading', 'Heading')}
              <BodyField register={form.register} control={form.control} />
              {field('fields.button_label', 'Button label', 'Leave empty for no button.')}
              {field('fields.button_url', 'Button link', 'https://… or a placeholder; empty links to your store.')}
              <p className="ls-field__hint">Placeholders: {tags.map((tag) => `{{${tag}}}`).join(' ')}</p>
              <div>
                <Button type="submit" variant="primary" loading={save.isPending}>
                  Save email
                </Button>
              </div>
            </Permitted>
          </form>
        </section>
        <TestSendCard emailKey={template.key} fields={() => form.getValues('fields') as EmailFieldsValue} />
      </div>
      <EmailPreview preview={valid.success ? preview.data : undefined} loading={preview.isFetching} />
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useSearchParams } from 'react-router';
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
import { LanguageSwitch, NotTranslated } from '../../../../builder/index.ts';
import { storeLanguages } from '../../../../renderers/contract/index.ts';
import { useConsole } from '../../../state/store.ts';

/** The simple form, validated with the server's own schema of POST /template/store/{id}. */
const schema = z.strictObject({ enabled: z.boolean(), fields: emailFields });
type FormValues = z.input<typeof schema>;

/** The form's texts that come in other languages (the button's link is the same in every language). */
type TranslatedName = 'subject' | 'preheader' | 'heading' | 'body' | 'button_label';

/**
 * One text of the form in the language being edited: the default language's own field, or in
 * another language that language's translation; where it has none, the default's text is shown
 * (and sent), marked "Not translated", and typing writes the translation (the studio's way).
 */
function TextInLanguage({
  control,
  name,
  language,
  label,
  hint,
  multiline = false,
}: {
  control: Control<FormValues>;
  name: TranslatedName;
  language: string | null;
  label: string;
  hint?: string;
  multiline?: boolean;
}) {
  const path = language ? (`fields.translations.${language}.${name}` as const) : (`fields.${name}` as const);
  const { field, fieldState } = useController({ control, name: path as `fields.${TranslatedName}` });
  const fallback = useWatch({ control, name: `fields.${name}` });
  const own = typeof field.value === 'string' ? field.value : '';
  const untranslated = language !== null && own === '';
  const id = useId();
  const error = fieldState.error?.message;
  const described = [untranslated ? `${id}-untranslated` : '', hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const input = {
    id,
    name: field.name,
    ref: field.ref,
    className: 'ls-field__input',
    value: untranslated ? fallback : own,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    onBlur: field.onBlur,
    // in another language, emptying the text leaves it not translated
    onChange: (event: { target: { value: string } }) => field.onChange(language && event.target.value === '' ? undefined : event.target.value),
  };
  return (
    <div className="ls-field">
      <label className="ls-field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? <textarea rows={8} {...input} /> : <input type="text" {...input} />}
      {untranslated ? <NotTranslated id={`${id}-untranslated`} /> : null}
      {hint ? (
        <div id={`${id}-hint`} className="ls-field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="ls-field__error">
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

/**
 * One email as a simple form (subject, preheader, heading, body, button, on/off) with a live
 * preview; a store writing in several languages gets the Language switch: the texts, the preview
 * and the test send in that language.
 */
export function EmailForm({ template, tags }: { template: EmailTemplateRecord; tags: string[] }) {
  const form = useContractForm(schema, { enabled: template.enabled, fields: template.fields });
  const save = useSaveTemplate(template.key);
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  const settings = useConsole((state) => state.user.users?.store?.settings);
  const languages = useMemo(() => storeLanguages(settings), [settings]);
  // the language being edited is the page's (`?language=fr`): a save re-opens the form with the saved texts in the same language
  const [search, setSearch] = useSearchParams();
  const asked = search.get('language');
  const language = asked && languages.others.includes(asked) ? asked : languages.default;
  const setLanguage = (chosen: string) =>
    setSearch(
      (params) => {
        const next = new URLSearchParams(params);
        if (chosen === languages.default) next.delete('language');
        else next.set('language', chosen);
        return next;
      },
      { replace: true },
    );
  const translating = language === languages.default ? null : language;
  const watched = useWatch({ control: form.control, name: 'fields' }) as EmailFieldsValue;
  const settled = useSettled(watched, 300);
  const valid = emailFields.safeParse(settled);
  const preview = useQuery({ ...previewQuery(template.key, valid.success ? valid.data : template.fields, language), enabled: valid.success });
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
  const text = (name: TranslatedName, label: string, hint?: string) => (
    <TextInLanguage key={`${language}.${name}`} control={form.control} name={name} language={translating} label={label} {...(hint ? { hint } : {})} />
  );
  return (
    <div className="ls-email-editor">
      <div className="ls-stack">
        <section className="ls-card" aria-labelledby="email-form-heading">
          <div className="ls-row">
            <h2 id="email-form-heading">Content</h2>
            <LanguageSwitch languages={languages} value={language} onChange={setLanguage} />
          </div>
          <form className="ls-stack" noValidate onSubmit={(event) => void submit(event)}>
            <Permitted permission="program:edit">
              <FormAlert message={failure} />
              <SwitchField control={form.control} name="enabled" label="Send this email" hint="When off, members do not receive it." />
              {text('subject', 'Subject')}
              {text('preheader', 'Preheader', 'The line inboxes show after the subject.')}
              {text('heading', 'Heading')}
              <TextInLanguage
                key={`${language}.body`}
                control={form.control}
                name="body"
                language={translating}
                label="Body"
                hint="A blank line starts a new paragraph. Placeholders such as {{first_name}} are filled for each member."
                multiline
              />
              {text('button_label', 'Button label', 'Leave empty for no button.')}
              <TextField
                control={form.control}
                register={form.register}
                name="fields.button_url"
                label="Button link"
                hint="https://… or a placeholder; empty links to your store. The same in every language."
              />
              <p className="ls-field__hint">Placeholders: {tags.map((tag) => `{{${tag}}}`).join(' ')}</p>
              <div>
                <Button type="submit" variant="primary" loading={save.isPending}>
                  Save email
                </Button>
              </div>
            </Permitted>
          </form>
        </section>
        <TestSendCard emailKey={template.key} languages={languages} fields={() => form.getValues('fields') as EmailFieldsValue} />
      </div>
      <EmailPreview preview={valid.success ? preview.data : undefined} loading={preview.isFetching} />
    </div>
  );
}

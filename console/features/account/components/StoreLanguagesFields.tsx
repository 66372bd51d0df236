import { useId, useState, type KeyboardEvent } from 'react';
import { useController, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { languageTagSchema } from '../../../../renderers/contract/index.ts';
import { SHOPPER_LOCALES } from '../../../../renderers/i18n/index.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox, Field } from '../../../components/ui/Field.tsx';
import { SelectField } from '../../../components/ui/form/RuleFields.tsx';
import { languageLabel, type StoreSettingsOutput, type StoreSettingsValues } from './store-settings-form.ts';

type StoreSettingsForm = UseFormReturn<StoreSettingsValues, unknown, StoreSettingsOutput>;

/** The first message among a field's errors: its own, or one of its items' (`languages.2`). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const item of Object.values(error)) {
    const message = firstMessage(item);
    if (message) return message;
  }
  return undefined;
}

/**
 * The store's languages: the default (the language its texts are written in) and the others,
 * the product's own languages as checkboxes and any other BCP 47 code added by hand.
 * The default is never listed among the others.
 */
export function StoreLanguagesFields({ form }: { form: StoreSettingsForm }) {
  const groupId = useId();
  const defaultLanguage = useWatch({ control: form.control, name: 'default_language' }) ?? '';
  const { field } = useController({ control: form.control, name: 'languages' });
  const { errors } = useFormState({ control: form.control, name: 'languages' });
  const others = (field.value ?? []).filter((tag) => tag !== defaultLanguage);
  const added = others.filter((tag) => !(SHOPPER_LOCALES as readonly string[]).includes(tag));
  const choices = [...new Set<string>([...SHOPPER_LOCALES, ...added, ...(defaultLanguage ? [defaultLanguage] : [])])];
  const error = firstMessage(errors.languages);

  const setOthers = (next: string[]) => {
    field.onChange(next);
    form.clearErrors('languages');
  };
  const toggle = (tag: string, on: boolean) => setOthers(on ? [...others, tag] : others.filter((other) => other !== tag));

  return (
    <fieldset className="ls-stack" aria-describedby={`${groupId}-hint`}>
      <legend className="ls-field__label">Languages</legend>
      <div id={`${groupId}-hint`} className="ls-field__hint">
        Shoppers see the storefront in these languages, and the studio&apos;s Language switch offers them.
      </div>
      <SelectField
        control={form.control}
        register={form.register}
        name="default_language"
        label="Default language"
        hint="The language your texts are written in; shoppers whose language has no translation read it."
        options={choices.map((tag) => [tag, languageLabel(tag)] as const)}
      />
      <fieldset className="ls-stack" aria-invalid={error ? true : undefined} aria-describedby={error ? `${groupId}-error` : undefined} onBlur={field.onBlur}>
        <legend className="ls-field__label">Other languages</legend>
        {SHOPPER_LOCALES.map((tag) => (
          <Checkbox
            key={tag}
            label={tag === defaultLanguage ? `${languageLabel(tag)}, the default language` : languageLabel(tag)}
            checked={tag === defaultLanguage || others.includes(tag)}
            disabled={tag === defaultLanguage}
            onChange={(event) => toggle(tag, event.target.checked)}
          />
        ))}
        {added.length > 0 ? (
          <ul className="ls-stack" aria-label="Added languages">
            {added.map((tag) => (
              <li key={tag}>
                {languageLabel(tag)}{' '}
                <Button size="small" variant="plain" aria-label={`Remove ${languageLabel(tag)}`} onClick={() => toggle(tag, false)}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <AddLanguage defaultLanguage={defaultLanguage} others={others} onAdd={(tag) => setOthers([...others, tag])} />
        {error ? (
          <div id={`${groupId}-error`} className="ls-field__error">
            {error}
          </div>
        ) : null}
      </fieldset>
    </fieldset>
  );
}

/** A text box and its Add button: a code is added only when the server's own rule accepts it. */
function AddLanguage({ defaultLanguage, others, onAdd }: { defaultLanguage: string; others: string[]; onAdd: (tag: string) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    if (!code.trim()) return setError('Enter a language code such as sw or zh-Hant.');
    const parsed = languageTagSchema.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'This is not a language code.');
    const tag = parsed.data;
    if (tag === defaultLanguage) return setError(`${languageLabel(tag)} is the default language.`);
    if (!others.includes(tag)) onAdd(tag);
    setCode('');
    setError(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  return (
    <div className="ls-stack">
      <Field
        label="Other language code"
        hint="Any BCP 47 code, such as sw, zh-Hant or fr-CA."
        error={error}
        value={code}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      <div>
        <Button size="small" onClick={add}>
          Add
        </Button>
      </div>
    </div>
  );
}

/**
 * The email editors' language pieces: the Language switch of the store's languages (the studio's
 * segmented radio group, shown when the store writes in more than one) and the "Not translated"
 * mark of a text the language being edited lacks (the default language's is shown and sent).
 * The built-in editor and the console's simple form use both.
 */
import type { StoreLanguages } from '../../renderers/contract/index.ts';
import { RadioGroup } from '../studio/TopBar.tsx';

/** The Language radio group (EN, FR, …): nothing when the store writes in one language only. */
export function LanguageSwitch({ languages, value, onChange }: { languages: StoreLanguages; value: string; onChange(language: string): void }) {
  if (languages.others.length === 0) return null;
  return (
    <RadioGroup<string>
      name="Language"
      value={value}
      options={[languages.default, ...languages.others].map((tag) => [tag, tag.toUpperCase()])}
      onChange={onChange}
    />
  );
}

/** "Not translated" under a field (`id` for the field's aria-describedby, unless it sits in the field's described hint). */
export function NotTranslated({ id }: { id?: string | undefined }) {
  return (
    <div id={id} className="bs-translations__missing">
      Not translated
    </div>
  );
}

/** Says that the language being edited is no longer one of the store's, and that the studio went back to the default. */
import { languageName } from '../../renderers/contract/index.ts';

export function LanguageDroppedNotice({ dropped, defaultLanguage, onDismiss }: { dropped: string; defaultLanguage: string; onDismiss(): void }) {
  return (
    <p role="status" className="bs-topbar__notice">
      {languageName(dropped)} is no longer one of the store&apos;s languages: showing {languageName(defaultLanguage)}, the default.{' '}
      <button type="button" className="bs-button" onClick={onDismiss}>
        Dismiss
      </button>
    </p>
  );
}

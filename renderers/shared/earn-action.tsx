/**
 * The control of a way to earn the shopper performs: a link to follow the store's profile (the
 * host credits it when the shopper comes back), a link to leave a review, a newsletter sign-up
 * and a birthday form. Links and buttons are native, so the keyboard reaches and presses them.
 * Without `onAct` (the landing page, which runs no script) only the links are drawn.
 */
import { useState, type FormEvent } from 'react';
import type { EarnAction } from '../context.ts';
import { safeUrl } from '../format/safe.ts';
import { t, type Wording } from '../i18n/catalog.ts';

/** `opened`: the profile opened in another tab, so the follow is claimed when the shopper comes back. */
export type EarnActionRequest =
  { type: 'follow'; network: string; opened: boolean } | { type: 'join_newsletter' } | { type: 'save_birthday'; birthday: string };

const NETWORK_NAMES: Readonly<Record<string, string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
};

export const networkName = (network: string): string => NETWORK_NAMES[network] ?? network;

function BirthdayForm({ id, words, saved, onSave }: { id: string; words: Wording; saved?: string; onSave(birthday: string): void }) {
  const [value, setValue] = useState(saved ?? '');
  const inputId = `ls-earn-${id}-birthday`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) onSave(value);
  };
  return (
    <form className="ls-form ls-earn-action" onSubmit={submit}>
      <label htmlFor={inputId}>{t(words, 'form.birthday')}</label>
      <input className="ls-input" id={inputId} type="date" required value={value} onChange={(event) => setValue(event.currentTarget.value)} />
      <button type="submit" className="ls-button">
        {t(words, 'earn.saveBirthday')}
      </button>
    </form>
  );
}

export function EarnActionControl({
  id,
  action,
  words,
  birthday,
  onAct,
}: {
  /** the way's id, for unique field ids */
  id: string;
  action: EarnAction;
  /** the shopper's language and its catalog (the render context) */
  words: Wording;
  /** the member's saved birthday */
  birthday?: string;
  onAct?: (request: EarnActionRequest) => void;
}) {
  switch (action.kind) {
    case 'follow': {
      const url = safeUrl(action.url);
      const label = t(words, 'earn.follow', { network: networkName(action.network) });
      if (url)
        return (
          <a
            className="ls-button ls-earn-action"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => onAct?.({ type: 'follow', network: action.network, opened: true })}
          >
            {label}
          </a>
        );
      return onAct ? (
        <button type="button" className="ls-button ls-earn-action" onClick={() => onAct({ type: 'follow', network: action.network, opened: false })}>
          {label}
        </button>
      ) : null;
    }
    case 'review': {
      const url = safeUrl(action.url);
      return url ? (
        <a className="ls-button ls-earn-action" href={url} target="_blank" rel="noopener noreferrer">
          {t(words, 'earn.review')}
        </a>
      ) : null;
    }
    case 'newsletter':
      return onAct ? (
        <button type="button" className="ls-button ls-earn-action" onClick={() => onAct({ type: 'join_newsletter' })}>
          {t(words, 'earn.newsletter')}
        </button>
      ) : null;
    case 'birthday':
      return onAct ? (
        <BirthdayForm id={id} words={words} {...(birthday ? { saved: birthday } : {})} onSave={(value) => onAct({ type: 'save_birthday', birthday: value })} />
      ) : null;
  }
}

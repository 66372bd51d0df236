/**
 * The Translations view of a studio: every text of its surfaces side by side, the default
 * language and the one chosen, with what is not translated yet; edits write that language's
 * texts (one undo step each), and the texts go out to translators and come back as CSV or XLIFF 1.2.
 */
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { languageName, textEntries, type Translations } from '../../renderers/contract/index.ts';
import type { StudioKind } from '../api.ts';
import { setTranslations } from '../commands/index.ts';
import { useBuilder, useBuilderStore } from '../store/store.ts';
import { Modal } from '../studio/Modal.tsx';
import { fromCsv, fromXliff, toCsv, toXliff, type TranslationRow } from './files.ts';

const KIND_SEPARATOR = ':';

function useRows(kinds: readonly StudioKind[], language: string): TranslationRow[] {
  const docs = useBuilder((s) => s.docs);
  return useMemo(
    () =>
      kinds.flatMap((kind) => {
        const doc = docs[kind] as { translations?: Translations } | undefined;
        const table = doc?.translations?.[language] ?? {};
        return textEntries(doc).map(({ key, value }) => ({ id: `${kind}${KIND_SEPARATOR}${key}`, source: value, target: table[key] ?? '' }));
      }),
    [docs, kinds, language],
  );
}

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function TranslationsView({ kinds, name, onClose }: { kinds: readonly StudioKind[]; name: string; onClose(): void }) {
  const store = useBuilderStore();
  const languages = useBuilder((s) => s.languages);
  const studioLanguage = useBuilder((s) => s.language);
  const [chosen, setLanguage] = useState(studioLanguage !== languages.default ? studioLanguage : (languages.others[0] ?? ''));
  // the store's languages are read again while the view is open: one it no longer writes in gives way
  const language = languages.others.includes(chosen) ? chosen : (languages.others[0] ?? '');
  const readOnly = useBuilder((s) => s.readOnly);
  const rows = useRows(kinds, language);
  const [notice, setNotice] = useState<{ kind: 'error' | 'done'; text: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const missing = rows.filter((row) => row.target === '').length;
  const files = { source: languages.default, target: language };
  const fileName = `${name.toLowerCase().replace(/\s+/g, '-')}.${languages.default}-${language}`;

  const write = (entries: Iterable<[string, string]>) => {
    const values: Partial<Record<StudioKind, Record<string, string>>> = {};
    for (const [id, value] of entries) {
      const at = id.indexOf(KIND_SEPARATOR);
      const kind = id.slice(0, at) as StudioKind;
      (values[kind] ??= {})[id.slice(at + 1)] = value;
    }
    return store.getState().run(setTranslations, { language, values });
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    const text = await file.text();
    const known = new Set(rows.map((row) => row.id));
    const result = /\.xliff?$|\.xlf$/i.test(file.name) ? fromXliff(text, known, files) : fromCsv(text, known, files);
    if (!result.ok) {
      setNotice({ kind: 'error', text: result.message });
      return;
    }
    store.getState().sealHistory();
    write(result.values);
    store.getState().sealHistory();
    setNotice({ kind: 'done', text: `Imported ${result.values.size} texts from ${file.name}. Save to keep them.` });
  };

  return (
    <Modal title="Translations" onCancel={onClose}>
      <div className="bs-translations">
        {languages.others.length === 0 ? (
          <p>This store has one language. Add languages in Settings to translate its texts.</p>
        ) : (
          <>
            <div className="bs-translations__bar">
              <label>
                Language{' '}
                <select value={language} onChange={(event) => setLanguage(event.currentTarget.value)}>
                  {languages.others.map((tag) => (
                    <option key={tag} value={tag}>
                      {languageName(tag)} ({tag})
                    </option>
                  ))}
                </select>
              </label>
              <p role="status" className="bs-translations__count">
                {missing === 0 ? 'Every text is translated.' : `${missing} of ${rows.length} texts not translated`}
              </p>
              <button type="button" className="bs-button" onClick={() => download(`${fileName}.csv`, 'text/csv', toCsv(rows, files))}>
                Export CSV
              </button>
              <button type="button" className="bs-button" onClick={() => download(`${fileName}.xlf`, 'application/xliff+xml', toXliff(rows, files, name))}>
                Export XLIFF
              </button>
              <button type="button" className="bs-button" disabled={readOnly} onClick={() => fileInput.current?.click()}>
                Import…
              </button>
              <input
                ref={fileInput}
                type="file"
                accept=".csv,.xlf,.xliff,text/csv"
                hidden
                aria-label="Translation file"
                onChange={(event) => void importFile(event)}
              />
            </div>
            {notice && (
              <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`bs-translations__notice bs-translations__notice--${notice.kind}`}>
                {notice.text}
              </p>
            )}
            <div className="bs-translations__scroll">
              <table className="bs-translations__table">
                <caption className="bs-visually-hidden">
                  Texts in {languageName(languages.default)} and {languageName(language)}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{languageName(languages.default)} (default)</th>
                    <th scope="col">{languageName(language)}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id} data-missing={row.target === '' ? '' : undefined}>
                      <td>
                        <span className="bs-translations__source">{row.source}</span>
                        <code className="bs-translations__key">{row.id}</code>
                      </td>
                      <td>
                        <textarea
                          aria-label={`${languageName(language)}: ${row.source.slice(0, 60)}`}
                          value={row.target}
                          placeholder="Not translated"
                          readOnly={readOnly}
                          rows={Math.min(4, Math.ceil(Math.max(row.source.length, 1) / 48))}
                          onChange={(event) => write([[row.id, event.currentTarget.value]])}
                          onBlur={() => store.getState().sealHistory()}
                        />
                        {row.target === '' && <span className="bs-translations__missing">Not translated</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <div className="bs-modal__actions">
          <button type="button" className="bs-button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </Modal>
  );
}

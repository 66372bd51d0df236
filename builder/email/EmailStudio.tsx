/**
 * The built-in email editor (works offline): the studio's shell — top bar with Undo, Redo, Device,
 * Language (when the store writes in several) and Save, the block outline, the canvas and the
 * inspector — around an email document (renderers/contract email_document). The canvas is the
 * email exactly as an inbox gets it, rendered with MJML by the server for sample data or a real
 * member, in the language being edited; clicking a block in it selects the block. In a language
 * other than the default, the subject, preheader and texts are that language's, a text it lacks
 * shows the default's, marked "Not translated". Edits are saved automatically once they are valid.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import {
  EMAIL_BLOCK_DEFINITIONS,
  EMAIL_BLOCK_TYPES,
  emailDocumentSchema,
  localizeDocument,
  textEntries,
  type EmailBlockType,
  type EmailDocument,
  type EmailStyle,
  type StoreLanguages,
} from '../../renderers/contract/index.ts';
import { RadioGroup } from '../studio/TopBar.tsx';
import { LanguageDroppedNotice } from '../translations/LanguageDroppedNotice.tsx';
import { addBlock, moveBlock, newBlockId, removeBlock, setBlockField, setEmailStyle, setEmailText } from './commands.ts';
import { createEmailStore } from './store.ts';
import { BlockInspector, TextInput, issuesOf } from './BlockInspector.tsx';

export interface EmailPreviewResult {
  subject: string;
  html: string;
  /** field path (`json_content.blocks.2.text`) → message */
  errors: Record<string, string>;
}

/** What the editor needs from the console (the builder never imports console/). */
export interface EmailStudioApi {
  save(document: EmailDocument): Promise<void>;
  /** the email as an inbox in `language` gets it */
  preview(document: EmailDocument, memberId: number | null, language: string): Promise<EmailPreviewResult>;
  /** members to preview as (their own name, balance…) */
  members(): Promise<Array<{ id: number; name: string }>>;
}

export interface EmailStudioProps {
  api: EmailStudioApi;
  name: string;
  document: EmailDocument;
  /** placeholders this email may use, shown beside text fields */
  tags: string[];
  backHref: string;
  onNavigate?: (href: string) => void;
  /** a message above the canvas (e.g. why this editor opened instead of the visual one), carrying its own live role */
  notice?: ReactNode;
  /** view only (a role that may not change emails): the email, its blocks and the preview, with nothing to edit or save */
  readOnly?: boolean;
  /** the store's default language and its others (the email is written in each); one language when absent */
  languages?: StoreLanguages | undefined;
}

const DEVICE_WIDTH = { desktop: 680, mobile: 375 } as const;
const AUTOSAVE_MS = 1500;
const STYLE_FIELDS: Array<[keyof EmailStyle, string]> = [
  ['background', 'Page colour'],
  ['content_background', 'Content colour'],
  ['accent', 'Accent colour'],
  ['text_color', 'Text colour'],
];

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function EmailStudio({ api, name, document: initial, tags, backHref, onNavigate, notice, readOnly = false, languages }: EmailStudioProps) {
  // the email, its history, selection, preview choices and language: one store, edited through commands
  const [store] = useState(() => createEmailStore({ doc: initial, readOnly, ...(languages && { languages }) }));
  const { run, select, setDevice, setMember, setLanguage } = store.getState();
  // the store's languages may be read again after the studio opened
  useEffect(() => {
    if (languages) store.getState().setLanguages(languages);
  }, [store, languages]);
  const doc = useStore(store, (state) => state.doc);
  const language = useStore(store, (state) => state.language);
  const storeLanguages = useStore(store, (state) => state.languages);
  const languageDropped = useStore(store, (state) => state.languageDropped);
  // what the inspector shows: the email in the language being edited
  const view = useMemo(() => localizeDocument(doc, language), [doc, language]);
  const texts = useMemo(() => new Set(textEntries(doc).map((entry) => entry.key)), [doc]);
  const untranslated = (key: string) => language !== storeLanguages.default && texts.has(key) && !doc.translations?.[language]?.[key];
  const history = useStore(store, (state) => state.history);
  const selected = useStore(store, (state) => state.selected);
  const device = useStore(store, (state) => state.device);
  const memberId = useStore(store, (state) => state.memberId);
  const saved = useStore(store, (state) => state.saved);
  const saveState = useStore(store, (state) => state.save);
  const saving = saveState.status === 'saving';
  const saveError = saveState.status === 'error' ? (saveState.message ?? 'Failed to save email template') : null;
  const [members, setMembers] = useState<Array<{ id: number; name: string }>>([]);
  const [preview, setPreview] = useState<EmailPreviewResult | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const settled = useSettled(doc, 250);
  const valid = emailDocumentSchema.safeParse(doc);
  const errors = preview?.errors ?? {};
  const hasErrors = !valid.success || Object.keys(errors).length > 0;

  useEffect(() => {
    api.members().then(setMembers, () => setMembers([]));
  }, [api]);

  // the canvas: the server's rendering of the current document
  useEffect(() => {
    let live = true;
    if (!emailDocumentSchema.safeParse(settled).success) return undefined;
    api.preview(settled, memberId, language).then(
      (result) => {
        if (!live) return;
        setPreview(result);
        setPreviewError(null);
      },
      (error: Error) => live && setPreviewError(error.message || 'The preview could not be rendered.'),
    );
    return () => {
      live = false;
    };
  }, [api, settled, memberId, language]);

  const save = useCallback(async () => {
    const { doc: sent, setSave, markSaved } = store.getState();
    setSave({ status: 'saving' });
    try {
      await api.save(sent);
      markSaved(sent);
    } catch (error) {
      setSave({ status: 'error', message: error instanceof Error ? error.message : 'Failed to save email template' });
    }
  }, [api, store]);

  // autosave: a valid document still for a moment is saved (a failed save waits for the next edit or Save)
  const json = JSON.stringify(doc);
  const dirty = json !== JSON.stringify(saved);
  const [failedJson, setFailedJson] = useState<string | null>(null);
  useEffect(() => {
    if (readOnly || !dirty || saving || hasErrors || settled !== doc || failedJson === json) return undefined;
    const timer = setTimeout(() => {
      void save().then(() => setFailedJson(json));
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [readOnly, dirty, saving, hasErrors, settled, doc, save, json, failedJson]);

  // keyboard: Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z, Ctrl/Cmd+Y (not inside text fields, which undo their own typing)
  useEffect(() => {
    if (readOnly) return undefined;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (!(event.ctrlKey || event.metaKey) || target?.closest('input, textarea, select')) return;
      const key = event.key.toLowerCase();
      if (key === 'z' || key === 'y') {
        event.preventDefault();
        if (key === 'y' || event.shiftKey) store.getState().redo();
        else store.getState().undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [readOnly, store]);

  // click a block on the canvas to select it (the frame runs no script; we listen from here)
  const onFrameLoad = () => {
    const body = frame.current?.contentDocument?.body;
    if (!body) return;
    body.addEventListener('click', (event) => {
      event.preventDefault();
      const hit = (event.target as Element).closest('[class*="eb-"]');
      const id = hit ? [...hit.classList].find((className) => className.startsWith('eb-'))?.slice(3) : undefined;
      if (id) select(id);
    });
    if (selected) frame.current?.contentDocument?.querySelector(`.eb-${CSS.escape(selected)}`)?.scrollIntoView({ block: 'nearest' });
  };

  const selectedIndex = doc.blocks.findIndex((block) => block.id === selected);
  const block = selectedIndex >= 0 ? view.blocks[selectedIndex] : undefined;
  const move = (offset: number) => {
    if (block) run(moveBlock, { id: block.id, offset });
  };
  const remove = () => {
    if (block && run(removeBlock, { id: block.id })) select(null);
  };
  const [adding, setAdding] = useState<EmailBlockType>('text');
  const add = () => {
    const id = newBlockId(doc, adding);
    if (run(addBlock, { type: adding, id, after: selected })) select(id);
  };

  const statusText = readOnly
    ? 'View only'
    : saving
      ? 'Saving…'
      : saveError && dirty
        ? `Not saved: ${saveError}`
        : dirty
          ? hasErrors
            ? 'Unsaved: fix the errors to save'
            : 'Unsaved changes'
          : 'All changes saved';

  return (
    <div className={notice ? 'bs-studio bs-studio--notice' : 'bs-studio'} data-surface="email">
      <div className="bs-topbar">
        <a
          className="bs-topbar__back"
          href={backHref}
          onClick={(event) => {
            if (!onNavigate) return;
            event.preventDefault();
            onNavigate(backHref);
          }}
        >
          ← Emails
        </a>
        <h1 className="bs-topbar__title">{name}</h1>
        <span className="bs-save" role="status" data-state={dirty ? 'dirty' : 'saved'}>
          {statusText}
        </span>
        <span className="bs-topbar__spacer" />
        <label>
          Preview as{' '}
          <select value={memberId ?? ''} onChange={(event) => setMember(event.target.value ? Number(event.target.value) : null)}>
            <option value="">Sample member</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        </label>
        <RadioGroup<'desktop' | 'mobile'>
          name="Device"
          value={device}
          options={[
            ['desktop', 'Desktop'],
            ['mobile', 'Mobile'],
          ]}
          onChange={setDevice}
        />
        {storeLanguages.others.length > 0 ? (
          <RadioGroup<string>
            name="Language"
            value={language}
            options={[storeLanguages.default, ...storeLanguages.others].map((tag) => [tag, tag.toUpperCase()])}
            onChange={setLanguage}
          />
        ) : null}
        {languageDropped !== null && (
          <LanguageDroppedNotice
            dropped={languageDropped}
            defaultLanguage={storeLanguages.default}
            onDismiss={() => store.getState().dismissLanguageDropped()}
          />
        )}
        {readOnly ? null : (
          <>
            <button type="button" className="bs-button" onClick={() => store.getState().undo()} disabled={history.past.length === 0}>
              Undo
            </button>
            <button type="button" className="bs-button" onClick={() => store.getState().redo()} disabled={history.future.length === 0}>
              Redo
            </button>
            <button type="button" className="bs-button bs-button--primary" onClick={() => void save()} disabled={hasErrors || saving || !dirty}>
              Save
            </button>
          </>
        )}
      </div>
      {notice ? <div className="bs-studio__notice">{notice}</div> : null}
      <div className="bs-studio__body">
        <nav className="bs-studio__left bs-outline" aria-label="Email blocks">
          <h2>Blocks</h2>
          <ul className="bs-outline__list" aria-label="Blocks">
            {doc.blocks.map((item) => (
              <li key={item.id} className="bs-outline__item" data-selected={item.id === selected ? '' : undefined}>
                <button
                  type="button"
                  className="bs-link-button"
                  aria-pressed={item.id === selected}
                  onClick={() => select(item.id === selected ? null : item.id)}
                >
                  {EMAIL_BLOCK_DEFINITIONS[item.type].label}
                </button>
              </li>
            ))}
          </ul>
          {readOnly ? null : (
            <div className="bs-palette">
              <label>
                New block{' '}
                <select value={adding} onChange={(event) => setAdding(event.target.value as EmailBlockType)}>
                  {EMAIL_BLOCK_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {EMAIL_BLOCK_DEFINITIONS[type].label}
                    </option>
                  ))}
                </select>
              </label>{' '}
              <button type="button" className="bs-button" onClick={add}>
                Add block
              </button>
            </div>
          )}
        </nav>
        <div className="bs-studio__main">
          <div role="region" aria-label="Canvas" className="bs-canvas" data-device={device} data-ready={preview ? '' : undefined}>
            {previewError ? <p role="alert">{previewError}</p> : null}
            {preview ? (
              <iframe
                ref={frame}
                title="Preview"
                sandbox="allow-same-origin"
                srcDoc={preview.html}
                onLoad={onFrameLoad}
                style={{ width: DEVICE_WIDTH[device], height: '100%', minHeight: 600, border: 0, background: '#fff', margin: '16px auto', display: 'block' }}
              />
            ) : (
              <p role="status">Rendering the email…</p>
            )}
          </div>
        </div>
        <aside className="bs-inspector" aria-label="Inspector">
          <fieldset className="bs-inspector__body" disabled={readOnly}>
            {Object.keys(errors).length > 0 ? (
              <div role="alert" className="bs-save--error">
                <strong>Fix before saving</strong>
                <ul>
                  {Object.entries(errors).map(([path, message]) => (
                    <li key={path}>{message}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {block ? (
              <BlockInspector
                block={block}
                index={selectedIndex}
                count={doc.blocks.length}
                tags={tags}
                issues={valid.success ? {} : issuesOf(valid.error.issues, selectedIndex)}
                untranslated={(field) => untranslated(`blocks.${block.id}.${field}`)}
                onChange={(field, value) => run(setBlockField, { id: block.id, field, value })}
                onMove={move}
                onRemove={remove}
              />
            ) : (
              <section className="bs-inspector__group" aria-labelledby="email-settings-title">
                <h2 id="email-settings-title" className="bs-inspector__title">
                  Email settings
                </h2>
                {(['subject', 'preheader'] as const).map((field) => (
                  <TextInput
                    key={field}
                    label={field === 'subject' ? 'Subject' : 'Preheader'}
                    value={view[field]}
                    untranslated={untranslated(field)}
                    onChange={(value) => run(setEmailText, { field, value })}
                  />
                ))}
                {STYLE_FIELDS.map(([field, label]) => (
                  <TextInput key={field} label={label} type="color" value={doc.style[field]} onChange={(value) => run(setEmailStyle, { field, value })} />
                ))}
                <p className="bs-field__hint">Placeholders: {tags.map((tag) => `{{${tag}}}`).join(' ')}</p>
              </section>
            )}
          </fieldset>
        </aside>
      </div>
    </div>
  );
}

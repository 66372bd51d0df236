/** The studio's top bar (DESIGN.md §4 names): back, surface name, save state, Audience, Device, Undo, Redo, Save, Publish. */
import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { Audience, Device } from '../../renderers/contract/index.ts';
import type { StudioKind } from '../api.ts';
import { dirtyKinds } from '../store/store.ts';
import { useBuilder, useBuilderStore } from '../store/store.ts';
import type { PublishResult, Saver } from './saver.ts';
import { useBuilderApi } from './api-context.ts';
import { PreviewOnStore } from './PreviewOnStore.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { SaveStatus } from './SaveStatus.tsx';
import { StudioIcon } from '../fields/StudioIcon.tsx';
import { ViewLive } from './ViewLive.tsx';
import { TranslationsView } from '../translations/TranslationsView.tsx';
import { LanguageDroppedNotice } from '../translations/LanguageDroppedNotice.tsx';

export function RadioGroup<T extends string>({ name, value, options, onChange }: { name: string; value: T; options: [T, string][]; onChange(value: T): void }) {
  return (
    <div role="radiogroup" aria-label={name} className="bs-segmented">
      {options.map(([option, label]) => (
        <label key={option} className="bs-segmented__option" data-checked={value === option ? '' : undefined}>
          <input type="radio" name={`bs-${name}`} value={option} checked={value === option} onChange={() => onChange(option)} />
          <span>{label}</span>
        </label>
      ))}
    </div>
  );
}

export interface TopBarProps {
  title: string;
  saver: Saver;
  /** the studio's documents: what Publish puts live */
  kinds: readonly StudioKind[];
  backHref: string;
  onNavigate?: ((href: string) => void) | undefined;
  onOpenHistory(): void;
  previewHref?: string | undefined;
  /** fetches the live page behind previewHref; rejects with what went wrong */
  checkLive?: (() => Promise<void>) | undefined;
  /** the role may only look: no Undo, Redo, History, Save or Publish, and this says why */
  readOnlyReason?: string | undefined;
  /** the experiment's variant controls (VariantSwitch) */
  variantSwitch?: ReactNode;
  /** the studio edits variant B: it is saved and has versions (History), never published */
  editingB?: boolean | undefined;
  /** who else is editing, shown beside the save state */
  presence?: ReactNode;
}

export function TopBar({
  title,
  saver,
  kinds,
  backHref,
  onNavigate,
  onOpenHistory,
  previewHref,
  checkLive,
  readOnlyReason,
  variantSwitch,
  editingB,
  presence,
}: TopBarProps) {
  const store = useBuilderStore();
  const audience = useBuilder((s) => s.audience);
  const device = useBuilder((s) => s.device);
  const canUndo = useBuilder((s) => s.history.past.length > 0);
  const canRedo = useBuilder((s) => s.history.future.length > 0);
  const dirty = useBuilder((s) => dirtyKinds(s).length > 0);
  const [publish, setPublish] = useState<PublishResult | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const publishButton = useRef<HTMLButtonElement>(null);
  const canSchedule = Boolean(useBuilderApi().schedulePublish);
  const languages = useBuilder((s) => s.languages);
  const language = useBuilder((s) => s.language);
  const languageDropped = useBuilder((s) => s.languageDropped);
  const [translating, setTranslating] = useState(false);

  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if ((dirty || saver.saving) && !window.confirm('Some changes are not saved yet. Leave the builder anyway?')) {
      event.preventDefault();
      return;
    }
    if (onNavigate) {
      event.preventDefault();
      onNavigate(backHref);
    }
  };
  /** a refusal (unreadable text) shows at once; otherwise the merchant confirms what goes live */
  const askPublish = () => {
    const refusal = saver.publishRefusal();
    setPublish(refusal);
    if (!refusal) setConfirming(true);
  };
  const goLive = async (work: () => Promise<PublishResult>) => {
    setConfirming(false);
    setPublishing(true);
    setPublish(null);
    try {
      setPublish(await work());
    } finally {
      setPublishing(false);
    }
  };

  return (
    <header className="bs-topbar">
      <a href={backHref} className="bs-topbar__back" onClick={back}>
        ← On-site Display
      </a>
      <h1 className="bs-topbar__title">{title}</h1>
      <SaveStatus saver={saver} dirty={dirty} />
      {presence}
      <div className="bs-topbar__spacer" />
      <RadioGroup<Audience>
        name="Audience"
        value={audience}
        options={[
          ['member', 'Member'],
          ['visitor', 'Visitor'],
        ]}
        onChange={(a) => store.getState().setAudience(a)}
      />
      <RadioGroup<Device>
        name="Device"
        value={device}
        options={[
          ['desktop', 'Desktop'],
          ['mobile', 'Mobile'],
        ]}
        onChange={(d) => store.getState().setDevice(d)}
      />
      {variantSwitch}
      {languages.others.length > 0 && (
        <>
          <RadioGroup<string>
            name="Language"
            value={language}
            options={[languages.default, ...languages.others].map((tag) => [tag, tag.toUpperCase()])}
            onChange={(tag) => store.getState().setLanguage(tag)}
          />
          <button type="button" className="bs-button" onClick={() => setTranslating(true)}>
            Translations
          </button>
        </>
      )}
      {/* open while the store's languages are read again: with none left beside the default it says so */}
      {translating && <TranslationsView kinds={kinds.filter((kind) => kind !== 'custom_style')} name={title} onClose={() => setTranslating(false)} />}
      {languageDropped !== null && (
        <LanguageDroppedNotice dropped={languageDropped} defaultLanguage={languages.default} onDismiss={() => store.getState().dismissLanguageDropped()} />
      )}
      {readOnlyReason !== undefined ? (
        <>
          <p role="note" className="bs-topbar__readonly">
            {readOnlyReason}
          </p>
          {previewHref && <ViewLive href={previewHref} check={checkLive} />}
        </>
      ) : (
        editingControls()
      )}
    </header>
  );

  function undoRedo() {
    return (
      <>
        <button type="button" className="bs-button" disabled={!canUndo} onClick={() => store.getState().undo()} aria-keyshortcuts="Control+Z Meta+Z">
          Undo
        </button>
        <button
          type="button"
          className="bs-button"
          disabled={!canRedo}
          onClick={() => store.getState().redo()}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        >
          Redo
        </button>
      </>
    );
  }

  function saveButton() {
    return (
      <button type="button" className="bs-button" onClick={() => void saver.save()}>
        Save
      </button>
    );
  }

  function historyButton() {
    return (
      <button type="button" className="bs-button" onClick={onOpenHistory}>
        History
      </button>
    );
  }

  function editingControls() {
    if (editingB)
      return (
        <>
          {undoRedo()}
          {historyButton()}
          {saveButton()}
        </>
      );
    return (
      <>
        {undoRedo()}
        {historyButton()}
        {previewHref && <ViewLive href={previewHref} check={checkLive} recheck={publish} />}
        <PreviewOnStore saver={saver} />
        {saveButton()}
        <button ref={publishButton} type="button" className="bs-button bs-button--primary" disabled={publishing} onClick={askPublish}>
          Publish
        </button>
        {confirming && (
          <PublishDialog
            kinds={kinds}
            onConfirm={() => void goLive(() => saver.publish())}
            onSchedule={canSchedule ? (window) => void goLive(() => saver.schedule(window)) : undefined}
            onCancel={() => setConfirming(false)}
            returnFocusTo={publishButton}
          />
        )}
        {publish && (
          <div role={publish.ok ? 'status' : 'alert'} className={publish.ok ? 'bs-publish bs-publish--ok' : 'bs-publish bs-publish--refused'}>
            {publish.ok ? (publish.message ?? 'Published: your store shows this version now.') : publish.reason}
            <button type="button" className="bs-link-button" onClick={() => setPublish(null)} aria-label="Dismiss">
              <StudioIcon name="close" />
            </button>
          </div>
        )}
      </>
    );
  }
}

/**
 * The builder studio of one surface: loads its documents, then the top bar, the outline, the
 * iframe canvas and the inspector around one studio store. Exported through builder/index.ts.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ProgramData } from '../../renderers/context.ts';
import type { StoreLanguages } from '../../renderers/contract/index.ts';
import type { BuilderApi, StudioKind, SurfaceRecord, VariantKind, VariantLetter } from '../api.ts';
import { CanvasFrame } from '../canvas/CanvasFrame.tsx';
import type { CraftKind } from '../craft/adapter.ts';
import { CraftEditor } from '../craft/CraftEditor.tsx';
import { CANVAS_DECORATION } from '../canvas/decoration.ts';
import { Inspector } from '../inspector/Inspector.tsx';
import { Outline } from '../outline/Outline.tsx';
import { HISTORY_KINDS, STUDIO_KINDS, STUDIO_NAMES, type StudioSurface, type SurfaceDocs } from '../store/documents.ts';
import { BuilderStoreContext, createBuilderStore, useBuilder, type BuilderStore } from '../store/store.ts';
import { LandingCanvas } from '../surfaces/LandingCanvas.tsx';
import { PREVIEW_PROGRAM, PreviewProgramContext } from '../surfaces/preview-context.ts';
import { StickyBarCanvas } from '../surfaces/StickyBarCanvas.tsx';
import { RENDERER_STYLESHEET } from '../surfaces/stylesheet.ts';
import { WidgetCanvas } from '../surfaces/WidgetCanvas.tsx';
import { BuilderApiContext } from './api-context.ts';
import { useAutosave, useHistoryShortcuts, useLeaveGuard } from './hooks.ts';
import { EditingPresence } from './EditingPresence.tsx';
import { createSaver } from './saver.ts';
import { TopBar } from './TopBar.tsx';
import { VersionHistory } from './VersionHistory.tsx';
import { variantApi } from './variant-api.ts';
import { VariantSwitch } from './VariantSwitch.tsx';

export interface BuilderStudioProps {
  api: BuilderApi;
  surface: StudioSurface;
  /** where "back" goes (the console's /onsite-display) */
  backHref?: string;
  /** in-app navigation (the console's router); plain links otherwise */
  onNavigate?: (href: string) => void;
  /** what is selected when the studio opens (e.g. 'launcher' for "Edit launcher") */
  initialSelection?: string | null;
  /**
   * why the signed-in role may only look: the studio opens read-only (no edit is taken, so nothing
   * waits to be saved), without Undo, Redo, Save or Publish, and says this
   */
  readOnlyReason?: string | undefined;
  /** the version the studio opens on: A (the drafts, default) or the experiment's variant B when one is saved */
  initialVariant?: VariantLetter | undefined;
  /** the Experiments screen of a surface, where variant B is started; absent: no link */
  experimentsHref?: ((kind: VariantKind) => string) | undefined;
  /**
   * the store's default language and its others (its texts can be translated into each), followed
   * while the studio is open; one language when absent
   */
  languages?: StoreLanguages | undefined;
}

/** Which variant the studio edits, and the selection to reopen with after a switch. */
interface VariantProps {
  variant: VariantLetter;
  hasB: boolean;
  onVariant(letter: VariantLetter, selection: string | null): void;
}

/** The craft kind of each studio, which is also the surface its experiments show a variant B of. */
const CRAFT_KINDS: Record<StudioSurface, CraftKind & VariantKind> = { 'landing-page': 'landing_page', widget: 'widget', 'sticky-bar': 'sticky_bar' };

const CANVASES: Record<StudioSurface, () => ReactNode> = {
  'landing-page': () => <LandingCanvas />,
  widget: () => <WidgetCanvas />,
  'sticky-bar': () => <StickyBarCanvas />,
};

function StudioLayout({
  store,
  api,
  surface,
  backHref,
  onNavigate,
  readOnlyReason,
  experimentsHref,
  variant,
  hasB,
  onVariant,
}: BuilderStudioProps & VariantProps & { store: BuilderStore; backHref: string }) {
  const kinds = STUDIO_KINDS[surface];
  const saver = useMemo(() => createSaver(store, api, kinds), [store, api, kinds]);
  const device = useBuilder((s) => s.device);
  const [frameDocument, setFrameDocument] = useState<Document | null>(null);
  const [history, setHistory] = useState(false);
  useHistoryShortcuts(store, frameDocument);
  useAutosave(store, saver);
  useLeaveGuard(store, saver);
  const storeKey = api.storeKey?.();
  const previewHref = surface === 'landing-page' && storeKey ? `/landing/${encodeURIComponent(storeKey)}` : undefined;
  const onFrame = useCallback((doc: Document) => setFrameDocument(doc), []);
  const variantKind = CRAFT_KINDS[surface];
  const variantSwitch = api.variantB && (
    <VariantSwitch
      kind={variantKind}
      letter={variant}
      hasB={hasB}
      saver={saver}
      readOnly={readOnlyReason !== undefined}
      onSwitch={(letter) => onVariant(letter, store.getState().selection)}
      experimentsHref={experimentsHref?.(variantKind) ?? backHref}
      onNavigate={onNavigate}
    />
  );
  return (
    <div className="bs-studio" data-surface={surface} data-variant={variant}>
      <TopBar
        title={STUDIO_NAMES[surface]}
        saver={saver}
        kinds={kinds}
        backHref={backHref}
        onNavigate={onNavigate}
        onOpenHistory={() => setHistory(true)}
        previewHref={previewHref}
        checkLive={api.landingPage}
        readOnlyReason={readOnlyReason}
        presence={<EditingPresence studio={surface} active={readOnlyReason === undefined} />}
        variantSwitch={variantSwitch}
        editingB={variant === 'b'}
      />
      <CraftEditor kind={CRAFT_KINDS[surface]}>
        <div className="bs-studio__body">
          <fieldset className="bs-studio__left" disabled={readOnlyReason !== undefined}>
            <Outline surface={surface} />
          </fieldset>
          <div className="bs-studio__main">
            <CanvasFrame device={device} stylesheet={RENDERER_STYLESHEET} decoration={CANVAS_DECORATION} onFrameDocument={onFrame}>
              {CANVASES[surface]()}
            </CanvasFrame>
          </div>
          <fieldset className="bs-studio__fields" disabled={readOnlyReason !== undefined}>
            <Inspector surface={surface} />
          </fieldset>
        </div>
      </CraftEditor>
      {history && (
        <VersionHistory kinds={HISTORY_KINDS[surface]} saver={saver} onClose={() => setHistory(false)} variantB={variant === 'b' ? variantKind : undefined} />
      )}
    </div>
  );
}

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; store: BuilderStore; program: ProgramData };

export function BuilderStudio(props: BuilderStudioProps) {
  const [attempt, setAttempt] = useState(0);
  const [opened, setOpened] = useState<{ variant: VariantLetter; selection: string | null | undefined }>({
    variant: props.initialVariant ?? 'a',
    selection: props.initialSelection,
  });
  const onVariant = useCallback((variant: VariantLetter, selection: string | null) => setOpened({ variant, selection }), []);
  return (
    <StudioLoader
      key={`${props.surface}:${opened.variant}:${attempt}`}
      {...props}
      initialSelection={opened.selection}
      variant={opened.variant}
      onVariant={onVariant}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}

/** Whether a variant B is saved, for a studio whose API has variants (false otherwise, or when the look-up fails). */
const hasVariantB = (api: BuilderApi, surface: StudioSurface): Promise<boolean> =>
  api.variantB
    ? api.variantB.load(CRAFT_KINDS[surface]).then(
        () => true,
        () => false,
      )
    : Promise.resolve(false);

function StudioLoader({
  api: baseApi,
  surface,
  backHref = '/onsite-display',
  onNavigate,
  initialSelection,
  readOnlyReason,
  experimentsHref,
  variant,
  onVariant,
  onRetry,
  languages,
}: BuilderStudioProps & Omit<VariantProps, 'hasB'> & { onRetry(): void }) {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [hasB, setHasB] = useState(false);
  // on B, the surface's document is its variant B; everything else is shared with A
  const api = useMemo(() => (variant === 'b' && baseApi.variantB ? variantApi(baseApi, CRAFT_KINDS[surface]) : baseApi), [baseApi, variant, surface]);
  useEffect(() => {
    let live = true;
    // the store's program is only for the preview: without it the canvas draws the sample program
    const loadingProgram = api.program ? api.program().catch(() => PREVIEW_PROGRAM) : Promise.resolve(PREVIEW_PROGRAM);
    Promise.all([Promise.all(STUDIO_KINDS[surface].map((kind) => api.load(kind) as Promise<SurfaceRecord>)), loadingProgram, hasVariantB(baseApi, surface)])
      .then(([records, program, savedB]) => {
        if (!live) return;
        const by = <T,>(pick: (r: SurfaceRecord) => T) => Object.fromEntries(records.map((r) => [r.kind, pick(r)])) as Partial<Record<StudioKind, T>>;
        const store = createBuilderStore({
          docs: by((r) => r.document) as SurfaceDocs,
          versions: by((r) => r.draftVersion),
          published: by((r) => r.publishedVersion),
          readOnly: readOnlyReason !== undefined,
          ...(languages && { languages }),
        });
        if (initialSelection) store.getState().select(initialSelection);
        setHasB(savedB);
        setState({ status: 'ready', store, program });
      })
      .catch((error: Error & { code?: string }) => {
        if (!live) return;
        // opened on a variant B that is not there (any more): open A
        if (error.code === 'no_variant') onVariant('a', initialSelection ?? null);
        else setState({ status: 'error', message: error.message || 'The builder could not load.' });
      });
    return () => {
      live = false;
    };
    // the store's languages as they are at the open; the store follows them after (below), never reloading the documents
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, baseApi, surface, initialSelection, readOnlyReason, onVariant]);
  useEffect(() => {
    if (state.status === 'ready' && languages) state.store.getState().setLanguages(languages);
  }, [state, languages]);

  if (state.status === 'loading')
    return (
      <div className="bs-studio bs-studio--message" role="status">
        Loading the builder…
      </div>
    );
  if (state.status === 'error') {
    return (
      <div className="bs-studio bs-studio--message" role="alert">
        <p>
          The {STUDIO_NAMES[surface].toLowerCase()} could not be loaded: {state.message}
        </p>
        <button type="button" className="bs-button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <BuilderApiContext.Provider value={api}>
      <BuilderStoreContext.Provider value={state.store}>
        <PreviewProgramContext.Provider value={state.program}>
          <StudioLayout
            store={state.store}
            api={api}
            surface={surface}
            backHref={backHref}
            onNavigate={onNavigate}
            readOnlyReason={readOnlyReason}
            experimentsHref={experimentsHref}
            variant={variant}
            hasB={hasB}
            onVariant={onVariant}
          />
        </PreviewProgramContext.Provider>
      </BuilderStoreContext.Provider>
    </BuilderApiContext.Provider>
  );
}

/**
 * Saving and publishing the studio's documents. A save sends every changed document on top of
 * the version it was loaded or last saved at; a stale base (someone saved in between) stops
 * with a clear conflict, never overwriting silently. Publishing saves first and is refused while
 * a text/background pair is below 4.5:1. The custom style is one document with a style per
 * surface: a studio saves on top of other studios' saves of it and publishes only its own
 * surfaces' styles.
 */
import {
  readabilityIssues,
  sameStyles,
  surfaceName,
  validateDocument,
  withSurfaceStylesFrom,
  type CustomStyle,
  type ReadabilityIssue,
} from '../../renderers/contract/index.ts';
import { THEME_TOKENS } from '../../presets/index.ts';
import { isConflict, SURFACE_KINDS, type BuilderApi, type ScheduleRequest, type SurfaceDocument, type SurfaceKind, type StudioKind } from '../api.ts';
import { dirtyKinds, type BuilderStore } from '../store/store.ts';
import { sameJson } from './same-json.ts';

export const KIND_NAMES = { ...Object.fromEntries(SURFACE_KINDS.map((kind) => [kind, surfaceName(kind)])), custom_style: 'custom style' } as Record<
  StudioKind,
  string
>;

const CONFLICT_MESSAGE = (kind: StudioKind) =>
  `This ${KIND_NAMES[kind]} was saved somewhere else (another tab or person) after you opened it. Your changes are still here but not saved: choose which version to keep (the other one stays in History).`;

export type PublishResult = { ok: true; message?: string } | { ok: false; reason: string; issues?: { kind: StudioKind; issue: ReadabilityIssue }[] };

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'The save failed.');

export interface Saver {
  /** saves every changed document; resolves true when everything is saved */
  save(): Promise<boolean>;
  /**
   * save on top of the latest server version (after a conflict, keeping our changes): a save on
   * a draft someone else saved meanwhile is marked as kept over it, so History names both
   */
  overwrite(): Promise<boolean>;
  /** drop our changes and load the server's drafts */
  reload(): Promise<void>;
  /**
   * saves what is pending, makes `version` the new draft on the server and shows it as one undo
   * step; false when the pending changes could not be saved (nothing restored), rejects when the
   * restore call fails
   */
  restore(kind: StudioKind, version: number): Promise<boolean>;
  /** why publishing now would be refused (text below 4.5:1), before asking to confirm; null when it may go ahead */
  publishRefusal(): Extract<PublishResult, { ok: false }> | null;
  publish(): Promise<PublishResult>;
  /** saves what is pending, then schedules the saved versions (later drafts do not change what is scheduled) */
  schedule(window: Omit<ScheduleRequest, 'items'>): Promise<PublishResult>;
  readonly saving: boolean;
}

/** The surfaces of a studio's documents: publishing it publishes their custom style, not the other studios'. */
export const ownSurfaces = (kinds: readonly StudioKind[]): SurfaceKind[] => kinds.filter((kind): kind is SurfaceKind => kind !== 'custom_style');

export function createSaver(store: BuilderStore, api: BuilderApi, kinds: readonly StudioKind[]): Saver {
  const surfaces = ownSurfaces(kinds);
  let running: Promise<boolean> | null = null;
  let again = false;
  /** while overwriting: the kinds whose save is kept over a draft saved elsewhere */
  const keptOver = new Set<StudioKind>();

  async function saveOnce(): Promise<boolean> {
    const state = store.getState();
    const dirty = dirtyKinds(state).filter((kind) => kinds.includes(kind));
    if (dirty.length === 0) {
      if (state.save.status === 'saving') state.setSave({ status: 'saved', savedAt: Date.now() });
      return true;
    }
    for (const kind of dirty) {
      const doc = store.getState().docs[kind] as SurfaceDocument;
      const valid = validateDocument(kind, doc);
      if (!valid.ok) {
        const [path, message] = Object.entries(valid.errors)[0] ?? ['', 'invalid'];
        store.getState().setSave({ status: 'error', message: `Not saved: ${path ? `${path}: ` : ''}${message}` });
        return false;
      }
    }
    store.getState().setSave({ status: 'saving' });
    for (const kind of dirty) {
      const doc = store.getState().docs[kind] as SurfaceDocument<StudioKind>;
      const base = store.getState().versions[kind] ?? 0;
      try {
        await saveDocument(kind, doc, base);
      } catch (error) {
        store.getState().setSave(isConflict(error) ? { status: 'conflict', message: CONFLICT_MESSAGE(kind) } : { status: 'error', message: errorText(error) });
        return false;
      }
    }
    const stillDirty = dirtyKinds(store.getState()).some((kind) => kinds.includes(kind));
    if (!stillDirty) store.getState().setSave({ status: 'saved', savedAt: Date.now() });
    return !stillDirty;
  }

  async function saveDocument(kind: StudioKind, doc: SurfaceDocument<StudioKind>, base: number): Promise<void> {
    try {
      const { version } = await api.saveDraft(kind, base, doc, keptOver.has(kind) ? 'kept_over' : undefined);
      keptOver.delete(kind);
      store.getState().markSaved(kind, doc as never, version);
    } catch (error) {
      if (!isConflict(error)) throw error;
      if (doc.kind === 'custom_style' && (await saveStyleOnLatest(doc))) return;
      if (await saveOnSameContent(kind, doc)) return;
      throw error;
    }
  }

  /**
   * A newer draft whose content is the one this studio last saved or loaded (another editor kept
   * it, or restored it) is no conflict: the save goes on top of it.
   */
  async function saveOnSameContent(kind: StudioKind, doc: SurfaceDocument<StudioKind>): Promise<boolean> {
    const latest = await api.load(kind);
    const saved = store.getState().saved[kind];
    if (!saved || !sameJson(latest.document, saved)) return false;
    const { version } = await api.saveDraft(kind, latest.draftVersion, doc);
    store.getState().markSaved(kind, doc as never, version);
    return true;
  }

  /**
   * The custom style is shared: each studio owns its surfaces' styles. When another studio saved
   * it since, this studio's styles are saved on top of that save, keeping the other surfaces'
   * styles, as long as the latest draft still has this studio's surfaces as this studio last had
   * them (otherwise another tab of this studio changed them: a real conflict, answered false).
   */
  async function saveStyleOnLatest(doc: CustomStyle): Promise<boolean> {
    const latest = await api.load('custom_style');
    const base = store.getState().saved.custom_style;
    if (!base || !sameStyles(latest.document, base, surfaces)) return false;
    const merged = withSurfaceStylesFrom(latest.document, doc, surfaces);
    const { version } = await api.saveDraft('custom_style', latest.draftVersion, merged);
    // edits made while saving stay; the other surfaces' styles come from the latest draft
    const editing = withSurfaceStylesFrom(latest.document, store.getState().docs.custom_style ?? doc, surfaces);
    store.getState().markSaved('custom_style', merged, version, store.getState().docs.custom_style === doc ? merged : editing);
    return true;
  }

  async function save(): Promise<boolean> {
    if (store.getState().save.status === 'conflict') return false;
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let ok = await saveOnce();
      while (ok && again) {
        again = false;
        ok = await saveOnce();
      }
      again = false;
      return ok;
    })();
    try {
      return await running;
    } finally {
      running = null;
    }
  }

  async function overwrite(): Promise<boolean> {
    try {
      for (const kind of dirtyKinds(store.getState()).filter((k) => kinds.includes(k))) {
        const latest = await api.load(kind);
        if (latest.draftVersion !== (store.getState().versions[kind] ?? 0)) keptOver.add(kind);
        store.setState((s) => ({ versions: { ...s.versions, [kind]: latest.draftVersion } }));
      }
      store.getState().setSave({ status: 'idle' });
      return await save();
    } finally {
      keptOver.clear();
    }
  }

  async function reload(): Promise<void> {
    const records = await Promise.all(kinds.map((kind) => api.load(kind)));
    const docs = Object.fromEntries(records.map((r) => [r.kind, r.document]));
    store
      .getState()
      .load(docs, Object.fromEntries(records.map((r) => [r.kind, r.draftVersion])), Object.fromEntries(records.map((r) => [r.kind, r.publishedVersion])));
  }

  async function restore(kind: StudioKind, version: number): Promise<boolean> {
    if (!(await save())) return false;
    const record = await api.restore(kind, version);
    store.getState().restore(kind, record.document as never, record.draftVersion, record.publishedVersion);
    store.getState().setSave({ status: 'saved', savedAt: Date.now() });
    return true;
  }

  function publishRefusal(): Extract<PublishResult, { ok: false }> | null {
    const issues = kinds.flatMap((kind) => {
      const doc = store.getState().docs[kind];
      return doc ? readabilityIssues(doc, THEME_TOKENS).map((issue) => ({ kind, issue })) : [];
    });
    if (issues.length === 0) return null;
    const first = issues[0]!;
    return { ok: false, issues, reason: `Not published: ${first.issue.message} (${KIND_NAMES[first.kind]}, ${first.issue.path}).` };
  }

  /** a refusal when the documents may not go live (unreadable text, a failed save); null once everything is saved */
  async function readyToGoLive(): Promise<Extract<PublishResult, { ok: false }> | null> {
    const refusal = publishRefusal();
    if (refusal) return refusal;
    if (!(await save())) return { ok: false, reason: store.getState().save.message ?? 'Save the changes before publishing.' };
    return null;
  }

  async function publish(): Promise<PublishResult> {
    const refusal = await readyToGoLive();
    if (refusal) return refusal;
    try {
      for (const kind of kinds) {
        const version = store.getState().versions[kind];
        if (version === undefined) continue;
        const { publishedVersion, draftVersion } = await api.publish(kind, version, kind === 'custom_style' ? surfaces : undefined);
        store.getState().markPublished(kind, publishedVersion, draftVersion);
      }
      return { ok: true };
    } catch (error) {
      return { ok: false, reason: `Not published: ${errorText(error)}` };
    }
  }

  async function schedule(window: Omit<ScheduleRequest, 'items'>): Promise<PublishResult> {
    if (!api.schedulePublish) return { ok: false, reason: 'Scheduling is not available here.' };
    const refusal = await readyToGoLive();
    if (refusal) return refusal;
    const items = kinds.flatMap((kind) => {
      const version = store.getState().versions[kind];
      return version ? [{ kind, version, ...(kind === 'custom_style' && { surfaces }) }] : [];
    });
    if (items.length === 0) return { ok: false, reason: 'Nothing to schedule: save a change first.' };
    try {
      await api.schedulePublish({ items, ...window });
      return { ok: true, message: 'Scheduled: see History for the schedule, where it can be cancelled.' };
    } catch (error) {
      return { ok: false, reason: `Not scheduled: ${errorText(error)}` };
    }
  }

  return {
    save,
    overwrite,
    reload,
    restore,
    publishRefusal,
    publish,
    schedule,
    get saving() {
      return running !== null;
    },
  };
}

/**
 * Two people saved one draft: what conflicts, and the two ways out. Neither way loses a draft,
 * and each save says how it resolved the conflict, so History labels both drafts. "Keep mine"
 * saves mine on top of theirs (kept over it), so theirs stays in History as its version. "Keep
 * theirs" first saves mine on top of theirs (set aside: History keeps it as a version), then
 * restores theirs as the new draft, which the canvas shows as one undo step (Undo brings mine back).
 * The other editor's studio holds theirs as saved, so its next save goes on top without a
 * conflict (the saver sees the newer draft has the same content).
 */
import { isConflict, type BuilderApi, type StudioKind, type SurfaceDocument } from '../api.ts';
import { dirtyKinds, type BuilderStore } from '../store/store.ts';
import { KIND_NAMES, type Saver } from './saver.ts';

export interface ConflictingDraft<K extends StudioKind = StudioKind> {
  kind: K;
  /** what this studio has, not saved */
  mine: SurfaceDocument<K>;
  /** the latest draft on the server */
  theirs: SurfaceDocument<K>;
  theirVersion: number;
  /** who saved theirs, when known */
  theirAuthor?: string | undefined;
}

/** One draft kept in History by a resolution: `version` of `kind`. */
export interface KeptVersion {
  kind: StudioKind;
  version: number;
}

export type Resolution = { ok: true; kept: KeptVersion[]; message: string } | { ok: false; reason: string };

const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'The save failed.');

/** The kinds with unsaved changes whose server draft moved past the version this studio based them on. */
export async function findConflicts(store: BuilderStore, api: BuilderApi): Promise<ConflictingDraft[]> {
  const found = await Promise.all(
    dirtyKinds(store.getState()).map(async (kind): Promise<ConflictingDraft | null> => {
      const latest = await api.load(kind);
      if (latest.draftVersion === (store.getState().versions[kind] ?? 0)) return null;
      const newest = (await api.versions(kind).catch(() => []))[0];
      return {
        kind,
        mine: store.getState().docs[kind] as SurfaceDocument<StudioKind>,
        theirs: latest.document,
        theirVersion: latest.draftVersion,
        theirAuthor: newest?.version === latest.draftVersion ? newest.author : undefined,
      };
    }),
  );
  return found.filter((conflict): conflict is ConflictingDraft => conflict !== null);
}

const listed = (kept: KeptVersion[]) => kept.map(({ kind, version }) => `the ${KIND_NAMES[kind]} as version ${version}`).join(', ');

/** Mine becomes the draft, saved on top of theirs; theirs stays in History. */
export async function keepMine(store: BuilderStore, saver: Saver, conflicts: readonly ConflictingDraft[]): Promise<Resolution> {
  if (!(await saver.overwrite())) return { ok: false, reason: store.getState().save.message ?? 'Your version could not be saved.' };
  const kept = conflicts.map(({ kind, theirVersion }) => ({ kind, version: theirVersion }));
  const message = `Your version is the draft. Theirs is kept in History: ${listed(kept)}.`;
  store.getState().setSave({ status: 'saved', savedAt: Date.now(), message });
  return { ok: true, kept, message };
}

/**
 * Theirs becomes the draft; mine is saved first, so History keeps it. Other unsaved changes
 * that do not conflict are saved as usual. The studio stays in conflict (autosave paused) until
 * everything is done; a failure leaves it there, with both drafts where they were.
 */
export async function keepTheirs(store: BuilderStore, api: BuilderApi, saver: Saver, conflicts: readonly ConflictingDraft[]): Promise<Resolution> {
  const kept: KeptVersion[] = [];
  try {
    for (const { kind } of conflicts) {
      const latest = await api.load(kind);
      const mine = store.getState().docs[kind] as SurfaceDocument<StudioKind>;
      const { version } = await api.saveDraft(kind, latest.draftVersion, mine, 'set_aside');
      kept.push({ kind, version });
      const restored = await api.restore(kind, latest.draftVersion);
      store.getState().restore(kind, restored.document as never, restored.draftVersion, restored.publishedVersion);
    }
  } catch (error) {
    const reason = isConflict(error) ? 'Someone saved again meanwhile: look again and choose.' : reasonOf(error);
    return { ok: false, reason: kept.length ? `${reason} Your version is kept in History: ${listed(kept)}.` : reason };
  }
  store.getState().setSave({ status: 'idle' });
  if (!(await saver.save())) return { ok: false, reason: store.getState().save.message ?? 'Your other changes could not be saved.' };
  const message = `Their version is the draft. Yours is kept in History: ${listed(kept)} (Undo brings it back too).`;
  store.getState().setSave({ status: 'saved', savedAt: Date.now(), message });
  return { ok: true, kept, message };
}

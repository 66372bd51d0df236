/**
 * What History says of a version beside its number, time and author: where a restore or a copy
 * came from, and how a conflict between two drafts was resolved. Both drafts of a conflict are
 * named — the one kept as the draft ("Kept over Ann's draft (version 4)") and the one kept as a
 * version ("Ann's draft kept as a version: …") — so either is found and restored from History.
 */
import type { VersionInfo } from '../api.ts';

const VARIANT_NAMES = { a: 'variant A', b: 'variant B' } as const;

/** "Ann's draft", or "the other draft" when who saved it is not known. */
const draftOf = (version: VersionInfo | undefined) => (version?.author ? `${version.author}'s draft` : 'the other draft');
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The labels of `version`, read with the other versions of its document (`versions`, in any order). */
export function historyLabels(version: VersionInfo, versions: readonly VersionInfo[]): string[] {
  const byNumber = new Map(versions.map((v) => [v.version, v]));
  const base = version.basedOn ? byNumber.get(version.basedOn) : undefined;
  const labels: string[] = [];
  const { restoredFrom } = version;
  if (restoredFrom) {
    labels.push(
      restoredFrom.variant
        ? `Copy of ${VARIANT_NAMES[restoredFrom.variant]}, version ${restoredFrom.version}`
        : `Restored from version ${restoredFrom.version}`,
    );
  }
  if (version.basedOn && version.conflict === 'kept_over') labels.push(`Kept over ${draftOf(base)} (version ${version.basedOn})`);
  if (version.basedOn && version.conflict === 'set_aside')
    labels.push(`${capitalized(draftOf(version))} kept as a version: ${draftOf(base)} (version ${version.basedOn}) was kept`);
  // "Keep theirs": theirs restored on top of the draft set aside
  if (version.basedOn && restoredFrom && !restoredFrom.variant && base?.conflict === 'set_aside')
    labels.push(`Kept over ${draftOf(base)} (version ${version.basedOn})`);
  // "Keep mine": the draft it was kept over stays a version
  for (const other of versions) {
    if (other.conflict === 'kept_over' && other.basedOn === version.version)
      labels.push(`${capitalized(draftOf(version))} kept as a version: version ${other.version} was kept over it`);
  }
  return labels;
}

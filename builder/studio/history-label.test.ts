import { describe, expect, it } from 'vitest';
import type { VersionInfo } from '../api.ts';
import { historyLabels } from './history-label.ts';

const version = (info: Partial<VersionInfo> & Pick<VersionInfo, 'version'>): VersionInfo => ({
  createdAt: '2026-05-04T10:00:00.000Z',
  published: false,
  basedOn: info.version > 1 ? info.version - 1 : null,
  ...info,
});
const labelsOf = (versions: VersionInfo[]) => Object.fromEntries(versions.map((v) => [v.version, historyLabels(v, versions)]));

describe('history labels', () => {
  it('names both drafts of "Keep mine": the one kept over the other, and the other kept as a version', () => {
    const versions = [
      version({ version: 3, author: 'Bob', conflict: 'kept_over' }),
      version({ version: 2, author: 'Ann' }),
      version({ version: 1, author: 'Bob' }),
    ];
    expect(labelsOf(versions)).toEqual({
      3: ["Kept over Ann's draft (version 2)"],
      2: ["Ann's draft kept as a version: version 3 was kept over it"],
      1: [],
    });
  });

  it('names both drafts of "Keep theirs": the draft set aside as a version, and theirs restored over it', () => {
    const versions = [
      version({ version: 4, author: 'Bob', restoredFrom: { version: 2 } }),
      version({ version: 3, author: 'Bob', conflict: 'set_aside' }),
      version({ version: 2, author: 'Ann' }),
    ];
    expect(labelsOf(versions)).toEqual({
      4: ['Restored from version 2', "Kept over Bob's draft (version 3)"],
      3: ["Bob's draft kept as a version: Ann's draft (version 2) was kept"],
      2: [],
    });
  });

  it('says "the other draft" when who saved it is not known, and names copies across variants', () => {
    const versions = [
      version({ version: 3, conflict: 'kept_over' }),
      version({ version: 2 }),
      version({ version: 1, basedOn: null, restoredFrom: { version: 7, variant: 'a' } }),
    ];
    expect(labelsOf(versions)).toEqual({
      3: ['Kept over the other draft (version 2)'],
      2: ['The other draft kept as a version: version 3 was kept over it'],
      1: ['Copy of variant A, version 7'],
    });
    expect(historyLabels(version({ version: 9, restoredFrom: { version: 4, variant: 'b' } }), [])).toEqual(['Copy of variant B, version 4']);
    // a plain restore of an older version is no conflict
    expect(historyLabels(version({ version: 5, restoredFrom: { version: 2 } }), [version({ version: 4 })])).toEqual(['Restored from version 2']);
  });
});

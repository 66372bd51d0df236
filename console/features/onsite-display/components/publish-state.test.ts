import { describe, expect, it } from 'vitest';
import { formatUpdatedAt, publishBadge } from './publish-state.ts';

describe('publish state of a surface card', () => {
  it.each([
    [
      { state: 'published', published_version: 3 },
      { label: 'Published', tone: 'success', live: 'Live: version 3' },
    ],
    [
      { state: 'changes_pending', published_version: 3 },
      { label: 'Unpublished changes', tone: 'attention', live: 'Live: version 3' },
    ],
    [
      { state: 'changes_pending', published_version: null },
      { label: 'Unpublished changes', tone: 'attention', live: null },
    ],
    [
      { state: 'not_published', published_version: null },
      { label: 'Never published', tone: 'neutral', live: null },
    ],
  ] as const)('%o', (summary, badge) => {
    expect(publishBadge(summary)).toEqual(badge);
  });

  it('the last change is shown as a date and time', () => {
    expect(formatUpdatedAt('2025-03-05T14:30:00Z', 'en-US', 'UTC')).toBe('Mar 5, 2025, 2:30 PM');
  });
});

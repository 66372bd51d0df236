import { describe, expect, it } from 'vitest';
import { sectionNames } from './section-names.ts';

describe('section names in the outline', () => {
  it('a second Timeline dropped above the first is "Timeline 2" and the first keeps its name', () => {
    expect(sectionNames([{ id: 'timeline', type: 'timeline' }]).map((item) => item.name)).toEqual(['Timeline']);
    const dropped = sectionNames([
      { id: 'banner', type: 'banner' },
      { id: 'timeline-2', type: 'timeline' },
      { id: 'timeline', type: 'timeline' },
    ]);
    expect(dropped).toEqual([
      { id: 'banner', name: 'Banner' },
      { id: 'timeline-2', name: 'Timeline 2' },
      { id: 'timeline', name: 'Timeline' },
    ]);
  });

  it('numbers by position the sections of a type whose ids carry no distinct numbers', () => {
    expect(
      sectionNames([
        { id: 'earn', type: 'ways_to_earn' },
        { id: 'more-ways', type: 'ways_to_earn' },
      ]).map((item) => item.name),
    ).toEqual(['Ways to earn', 'Ways to earn 2']);
  });
});

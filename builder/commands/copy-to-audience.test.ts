import { describe, expect, it } from 'vitest';
import { copyToAudience } from './copy-to-audience.ts';
import { freshDocs, landing, runOn } from './testing.ts';

describe('copy-to-audience', () => {
  it('copies the member content over the visitor content', () => {
    const next = runOn(freshDocs(), copyToAudience, { sectionId: 'banner', from: 'member' });
    const banner = landing(next).sections[0]!;
    expect(banner.content.visitor).toEqual(banner.content.member);
    expect(banner.content.visitor).not.toBe(banner.content.member);
  });
  it('identical content is a no-op', () => {
    const docs = freshDocs();
    expect(runOn(docs, copyToAudience, { sectionId: 'how-it-works', from: 'member' })).toBe(docs);
  });
});

import { describe, expect, it } from 'vitest';
import { frameFor } from './frame.ts';

describe('frame rules (spec §2)', () => {
  it.each([
    ['/home', 'admin'],
    ['/customers/details', 'admin'],
    ['/settings', 'admin'],
    ['/onsite-display', 'admin'],
    ['/emails/email-dashboard/', 'admin'],
    // without the admin frame
    ['/onboarding', 'bare'],
    ['/onsite-display/launcher/', 'bare'],
    ['/onsite-display/theme/dark', 'bare'],
    ['/launcher', 'bare'],
    // without the frame and marked as widget pages
    ['/onsite-display/widget', 'widget'],
    ['/onsite-display/widget/', 'widget'],
    ['/widgetnew/panel', 'widget'],
    ['/onsite-display/landing-page', 'widget'],
    ['/emails/email-editor/7', 'widget'],
    ['/onsite-display/sticky-bar', 'widget'],
    ['/landing', 'widget'],
    ['/widgets', 'admin'],
  ] as const)('%s → %s', (path, kind) => {
    expect(frameFor(path)).toBe(kind);
  });
});

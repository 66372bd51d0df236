/** spec §2 frame rules: which pages render inside the admin frame. */
export type FrameKind = 'admin' | 'bare' | 'widget';

const BARE_MARKERS = ['/launcher/', '/theme/', 'onboarding'];
const WIDGET_MARKERS = ['/widget/', '/widgetnew/', 'landing-page', 'email-editor', 'sticky-bar', 'landing'];

/**
 * spec §2: paths containing /launcher/, /theme/ or onboarding render without the admin frame;
 * paths containing /widget/, /widgetnew/, landing-page, email-editor, sticky-bar or landing render
 * without the frame and are marked as widget pages.
 */
export function frameFor(path: string): FrameKind {
  // A route is also matched with a trailing slash, so /onsite-display/widget counts as /widget/.
  const probe = path.endsWith('/') ? path : `${path}/`;
  if (WIDGET_MARKERS.some((marker) => probe.includes(marker))) return 'widget';
  if (BARE_MARKERS.some((marker) => probe.includes(marker))) return 'bare';
  return 'admin';
}

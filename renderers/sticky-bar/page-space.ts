/**
 * Reserves the sticky bar's room on the host page (`ReservedSpace` of the bar's view): scroll
 * padding on the root element, padding on the body unless the bar lies over the page. Shared by
 * `<StickyBar>` (in an effect) and the loader's DOM bar. Touches `doc` only when called.
 */
import type { ReservedSpace } from './view.ts';

/** Sets the page's padding for the bar and returns what gives the page its own values back. */
export function reservePageSpace(doc: Document, space: ReservedSpace): () => void {
  const root = doc.documentElement.style;
  const body = doc.body.style;
  const scrollKey = `scroll-padding-${space.side}`;
  const padKey = `padding-${space.side}`;
  const before = { scroll: root.getPropertyValue(scrollKey), pad: body.getPropertyValue(padKey) };
  root.setProperty(scrollKey, space.size);
  if (space.padsBody) body.setProperty(padKey, space.size);
  return () => {
    root.setProperty(scrollKey, before.scroll);
    if (space.padsBody) body.setProperty(padKey, before.pad);
  };
}

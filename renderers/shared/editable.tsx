/**
 * The hook the builder uses to make rendered text editable and sections selectable, without the
 * renderers knowing about craft.js: every editable text node is rendered through `wrapText` and
 * every section root through `wrapSection` when an `Editable` is provided.
 */
import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import type { Audience } from '../contract/index.ts';

export interface EditableTextInfo {
  /** field path inside the section's content for the audience, e.g. `title`, `steps.0.heading`, `primary_button.label` */
  field: string;
  /** section id (landing page) or panel key (widget) */
  owner: string;
  audience: Audience;
  /** the text as saved, placeholders unfilled */
  raw: string;
  /** the element as rendered (carries `data-field`) */
  node: ReactElement;
}

export interface EditableOwnerInfo {
  /** section id or panel key */
  id: string;
  /** section type or `panel` */
  type: string;
  node: ReactElement;
}

export interface Editable {
  wrapText?(info: EditableTextInfo): ReactNode;
  wrapSection?(info: EditableOwnerInfo): ReactNode;
}

export const EditableContext = createContext<Editable | undefined>(undefined);
export const useEditable = () => useContext(EditableContext);

/** Wraps an owner root (section or panel) through the builder hook, if any. */
export function WrapOwner({ id, type, children }: { id: string; type: string; children: ReactElement }) {
  const editable = useEditable();
  return <>{editable?.wrapSection ? editable.wrapSection({ id, type, node: children }) : children}</>;
}

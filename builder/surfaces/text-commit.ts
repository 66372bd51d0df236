/** Inline canvas edits → commands, per surface (the renderers name each text by owner and field path). */
import type { PanelKey, PanelTexts } from '../../renderers/contract/index.ts';
import { setContentField, setPanelText, setStickyBarField } from '../commands/index.ts';
import type { TextCommit, TextLocator } from '../canvas/editable.tsx';
import { textKeyAt } from '../../renderers/contract/index.ts';
import type { BuilderStore } from '../store/store.ts';

const toPath = (field: string) => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

export function landingTextCommit(store: BuilderStore): TextCommit {
  return (owner, field, audience, value) => {
    // a link's stand-in label ("Join now" for sign_up_url) is not editable text
    if (field.endsWith('_url')) return;
    store.getState().run(setContentField, { sectionId: owner, audience, path: toPath(field), value });
    store.getState().sealHistory();
  };
}

export function widgetTextCommit(store: BuilderStore): TextCommit {
  return (owner, field, audience, value) => {
    store.getState().run(setPanelText, { panel: owner as PanelKey, audience, key: field as keyof PanelTexts, value });
    store.getState().sealHistory();
  };
}

export function stickyBarTextCommit(store: BuilderStore): TextCommit {
  return (_owner, field, _audience, value) => {
    const [part, group, key] = field.split('.');
    if (part === 'bar') store.getState().run(setStickyBarField, { part: 'bar', key: 'text', value });
    else if (part === 'drawer' && (group === 'logged_in' || group === 'logged_out') && (key === 'primary_text' || key === 'secondary_text')) {
      store.getState().run(setStickyBarField, { part: 'drawer', group, key, value });
    }
    store.getState().sealHistory();
  };
}

/** The keys found in each landing page document, by owner, audience and field: a document is never changed in place. */
const landingKeys = new WeakMap<object, Map<string, string>>();

/** The text keys of inline texts, per surface (renderers/contract/translations.ts); the landing page's found once per document. */
export const landingTextLocator: TextLocator = (docs, { owner, audience, field }) => {
  const doc = docs.landing_page;
  const find = () => textKeyAt(doc, ['sections', owner, 'content', audience, ...field.split('.')]);
  if (!doc) return { kind: 'landing_page', key: find() };
  let keys = landingKeys.get(doc);
  if (!keys) landingKeys.set(doc, (keys = new Map()));
  const id = `${owner}\n${audience}\n${field}`;
  let key = keys.get(id);
  if (key === undefined) keys.set(id, (key = find()));
  return { kind: 'landing_page', key };
};
export const widgetTextLocator: TextLocator = (_docs, { owner, audience, field }) => ({ kind: 'widget', key: `panels.${owner}.${audience}.${field}` });
export const stickyBarTextLocator: TextLocator = (_docs, { field }) => ({ kind: 'sticky_bar', key: field });

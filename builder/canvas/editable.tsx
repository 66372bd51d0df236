/**
 * The renderers' editable hook, implemented for the canvas: every section or panel root is handed
 * to craft.js, which selects it on click and outlines it on hover; every text can be edited
 * inline (double-click, Enter or blur commits, Escape cancels). Each wrapper subscribes to its
 * own selection flag only; in a language other than the default, a text that has no translation
 * is marked "Not translated".
 */
import {
  cloneElement,
  createContext,
  useCallback,
  useContext,
  useMemo,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
} from 'react';
import type { Editable, EditableOwnerInfo, EditableTextInfo } from '../../renderers/index.ts';
import type { Audience } from '../../renderers/contract/index.ts';
import { useBuilder, useBuilderStore, type BuilderState } from '../store/store.ts';
import type { SurfaceDocs } from '../store/documents.ts';
import type { StudioKind } from '../api.ts';
import type { Translations } from '../../renderers/contract/index.ts';

export type TextCommit = (owner: string, field: string, audience: Audience, value: string) => void;
/** Where an inline text lives: its document and its text key (renderers/contract/translations.ts). */
export type TextLocator = (docs: SurfaceDocs, info: EditableTextInfo) => { kind: StudioKind; key: string } | undefined;

type Props = Record<string, unknown>;

/** Hands an owner's root element to the canvas's editor (craft.js: select on click, hover). */
export const OwnerConnectContext = createContext<((element: HTMLElement, owner: string) => void) | null>(null);

/** An owner's root on the canvas: handed to craft, marked when selected or hovered; the launcher and the bar use it too. */
export function CanvasOwner({ id, node }: EditableOwnerInfo) {
  const connect = useContext(OwnerConnectContext);
  const selected = useBuilder((s) => s.selection === id);
  const hovered = useBuilder((s) => s.hovered === id);
  const ref = useCallback(
    (element: HTMLElement | null) => {
      if (element && connect) connect(element, id);
    },
    [connect, id],
  );
  const element = node as ReactElement<Props>;
  return cloneElement(element, {
    ref,
    'data-bs-owner': id,
    'data-bs-selected': selected ? '' : undefined,
    'data-bs-hovered': hovered ? '' : undefined,
    // links and buttons of the preview must not navigate away from the canvas
    onClick: (event: MouseEvent) => {
      if ((event.target as Element).closest?.('a,button')) event.preventDefault();
    },
  });
}

/**
 * In a language other than the default, whether the text has no value of its own there. The
 * text's key is found once per render (a change of the list it sits in redraws it); what every
 * change of the store asks of each text is a look-up in the language's translations. The look-up
 * stays the same function while the key does, so a render that keeps the key (every text on a
 * language switch) neither runs it again nor leaves an effect to check it after the commit.
 */
function useUntranslated(info: EditableTextInfo, locate: TextLocator | undefined): boolean {
  const store = useBuilderStore();
  const at = locate?.(store.getState().docs, info);
  const kind = at?.kind;
  const key = at?.key;
  const untranslated = useCallback(
    (s: BuilderState) => {
      if (kind === undefined || key === undefined || s.language === s.languages.default) return false;
      const doc = s.docs[kind] as { translations?: Translations } | undefined;
      return !doc?.translations?.[s.language]?.[key];
    },
    [kind, key],
  );
  return useBuilder(untranslated);
}

function InlineText({ info, commit, locate }: { info: EditableTextInfo; commit: TextCommit; locate: TextLocator | undefined }) {
  const [editing, setEditing] = useState(false);
  // each edit ends on a fresh element: the text typed into the old one (kept by the browser, unknown to React) goes with it
  const [round, setRound] = useState(0);
  const untranslated = useUntranslated(info, locate);
  const element = info.node as ReactElement<Props>;
  if (!editing) {
    return cloneElement(element, {
      key: round,
      'data-bs-editable': '',
      'data-bs-untranslated': untranslated ? '' : undefined,
      title: untranslated ? 'Not translated: double-click to translate' : 'Double-click to edit',
      onDoubleClick: (event: MouseEvent<HTMLElement>) => {
        event.preventDefault();
        event.stopPropagation();
        const el = event.currentTarget;
        delete el.dataset.bsCancelled;
        // a section is draggable on the canvas: not while its text is being edited (selecting text would drag it)
        el.closest('[draggable=true]')?.setAttribute('draggable', 'false');
        setEditing(true);
        // the same element turns editable on the next render: focus it and select its text
        requestAnimationFrame(() => {
          el.focus();
          el.ownerDocument.getSelection()?.selectAllChildren(el);
        });
      },
    });
  }
  const finish = (event: FocusEvent<HTMLElement>) => {
    setEditing(false);
    setRound((n) => n + 1);
    event.currentTarget.closest('[draggable=false][data-bs-owner]')?.setAttribute('draggable', 'true');
    if (event.currentTarget.dataset.bsCancelled) return;
    const value = (event.currentTarget.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (value !== info.raw) commit(info.owner, info.field, info.audience, value);
  };
  return cloneElement(element, {
    key: round,
    'data-bs-editing': '',
    contentEditable: 'plaintext-only',
    suppressContentEditableWarning: true,
    onBlur: finish,
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      event.stopPropagation();
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      event.stopPropagation();
      if (event.key === 'Enter') {
        event.preventDefault();
        event.currentTarget.blur();
      }
      if (event.key === 'Escape') {
        event.currentTarget.dataset.bsCancelled = '1';
        event.currentTarget.blur();
      }
    },
    children: info.raw,
  });
}

/** A stable Editable for the canvas; `commit` turns an inline edit into a command. */
export function useCanvasEditable(commit: TextCommit, locate?: TextLocator): Editable {
  return useMemo<Editable>(
    () => ({
      wrapSection: (info) => <CanvasOwner {...info} />,
      wrapText: (info) => <InlineText info={info} commit={commit} locate={locate} />,
    }),
    [commit, locate],
  );
}

/** Studio behaviours: keyboard shortcuts, autosave, and the warning before leaving with unsaved changes. */
import { useEffect } from 'react';
import { dirtyKinds, type BuilderStore } from '../store/store.ts';
import type { Saver } from './saver.ts';

const AUTOSAVE_DELAY_MS = 1200;

/** Undo: Ctrl/Cmd+Z · Redo: Shift+Ctrl/Cmd+Z or Ctrl+Y. Returns true when the key was handled. */
function handleHistoryKey(store: BuilderStore, event: KeyboardEvent): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return false;
  const key = event.key.toLowerCase();
  if (key === 'z') {
    event.preventDefault();
    if (event.shiftKey) store.getState().redo();
    else store.getState().undo();
    return true;
  }
  if (key === 'y' && !event.shiftKey) {
    event.preventDefault();
    store.getState().redo();
    return true;
  }
  return false;
}

export function useHistoryShortcuts(store: BuilderStore, frameDocument: Document | null) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      handleHistoryKey(store, event);
    };
    const targets: (Window | Document)[] = [window];
    if (frameDocument) targets.push(frameDocument);
    for (const target of targets) target.addEventListener('keydown', onKey as EventListener);
    return () => {
      for (const target of targets) target.removeEventListener('keydown', onKey as EventListener);
    };
  }, [store, frameDocument]);
}

/**
 * Saves the draft a moment after the last change (and again if changes arrive while saving).
 * Leaving the studio inside the app (or hiding the tab) saves what is pending at once, so the
 * last keystrokes before navigating away are never lost.
 */
export function useAutosave(store: BuilderStore, saver: Saver, delay = AUTOSAVE_DELAY_MS) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      if (dirtyKinds(store.getState()).length > 0) void saver.save();
    };
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.docs === previous.docs || dirtyKinds(state).length === 0) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        void saver.save();
      }, delay);
    });
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      unsubscribe();
      flush();
    };
  }, [store, saver, delay]);
}

const hasUnsavedWork = (store: BuilderStore, saver: Saver) => dirtyKinds(store.getState()).length > 0 || saver.saving;

/** The browser's own "leave site?" prompt while something is not saved. */
export function useLeaveGuard(store: BuilderStore, saver: Saver) {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedWork(store, saver)) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [store, saver]);
}

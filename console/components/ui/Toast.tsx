import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toastDuration } from './toast-timing.ts';

export interface ToastOptions {
  message: string;
  tone?: 'default' | 'critical';
  action?: { label: string; onAction: () => void };
}

interface ToastEntry extends ToastOptions {
  id: number;
}

const ToastContext = createContext<(options: ToastOptions) => void>(() => {});

export const useToast = () => useContext(ToastContext);

/** Toasts of spec §9: announced politely, gone after 5 s (10 s with an action). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);
  const show = useCallback(
    (options: ToastOptions) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { ...options, id }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), toastDuration(Boolean(options.action))),
      );
    },
    [dismiss],
  );
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section className="ls-toasts" aria-label="Notifications" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`ls-toast${toast.tone === 'critical' ? ' ls-toast--critical' : ''}`}>
            <span>{toast.message}</span>
            {toast.action ? (
              <button
                type="button"
                className="ls-button ls-button--small"
                onClick={() => {
                  toast.action!.onAction();
                  dismiss(toast.id);
                }}
              >
                {toast.action.label}
              </button>
            ) : null}
            <button type="button" className="ls-button ls-button--small" aria-label="Dismiss notification" onClick={() => dismiss(toast.id)}>
              ✕
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}

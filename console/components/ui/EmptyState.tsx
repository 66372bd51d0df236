import type { ReactNode } from 'react';

/** An honest empty state: says what will be here; an action only when one really works. */
export function EmptyState({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="ls-empty" aria-label={title}>
      <div className="ls-empty__art" aria-hidden="true">
        <svg width="40" height="40" viewBox="0 0 40 40" fill="none">
          <rect x="6" y="9" width="28" height="22" rx="4" stroke="#8a8d93" strokeWidth="2" />
          <path d="M6 15h28" stroke="#8a8d93" strokeWidth="2" />
          <circle cx="11" cy="12" r="1.2" fill="#8a8d93" />
          <circle cx="15" cy="12" r="1.2" fill="#8a8d93" />
        </svg>
      </div>
      <h2 className="ls-empty__title">{title}</h2>
      <div className="ls-empty__body">{children}</div>
      {action ? <div>{action}</div> : null}
    </section>
  );
}

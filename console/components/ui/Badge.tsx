import type { ReactNode } from 'react';

export type BadgeTone = 'success' | 'attention' | 'neutral';

/** A short status word (published, pending, …); the tone is drawn, the words carry the meaning. */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`ls-badge ls-badge--${tone}`}>{children}</span>;
}

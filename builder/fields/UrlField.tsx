/** A link setting: http(s) address or same-site path; anything else is refused with the schema's message. */
import { useCallback } from 'react';
import { MESSAGES, isSafeUrl } from '../../renderers/contract/index.ts';
import { DraftInput } from './DraftInput.tsx';

export function UrlField({ label, value, onChange, onCommit }: { label: string; value: string; onChange(value: string): void; onCommit?: () => void }) {
  const format = useCallback((v: string) => v, []);
  const parse = useCallback(
    (text: string) => (isSafeUrl(text.trim()) ? { ok: true as const, value: text.trim() } : { ok: false as const, error: MESSAGES.url }),
    [],
  );
  return (
    <div className="bs-field">
      <DraftInput label={label} type="text" inputMode="url" value={value} format={format} parse={parse} onChange={onChange} onCommit={onCommit} />
    </div>
  );
}

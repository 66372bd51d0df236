import { useCan } from '../../lib/useCan.ts';
import { useState } from 'react';
import { ConfirmDialog } from '../ui/aria/ConfirmDialog.tsx';
import { Banner } from '../ui/PageHeader.tsx';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { useCopyToClipboard } from '../../lib/useCopyToClipboard.ts';
import { useGenerateHmacSecret } from '../../lib/session-queries.ts';

/** The secret from the server's answer, whatever key it uses. */
function secretFrom(answer: unknown): string | null {
  if (typeof answer === 'string') return answer;
  if (!answer || typeof answer !== 'object') return null;
  const record = answer as Record<string, unknown>;
  for (const key of ['hmac_secret', 'secret', 'hmacSecret']) if (typeof record[key] === 'string') return record[key] as string;
  return null;
}

/** POST store/setting/generate-hmac-secrets: the secret is shown once, with a copy button; replacing one is confirmed. */
export function HmacSecretCard({ hasSecret }: { hasSecret: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const canGenerate = useCan('store:secrets');
  const generate = useGenerateHmacSecret();
  const { copied, error: copyError, copy } = useCopyToClipboard();
  const secret = generate.data === undefined ? null : secretFrom(generate.data);
  const run = () => generate.mutate(undefined, { onSettled: () => setConfirming(false) });
  return (
    <section className="ls-card" aria-labelledby="hmac-heading">
      <h2 id="hmac-heading">HMAC secret</h2>
      <div className="ls-stack">
        <p className="ls-muted">
          Your store signs the customer id with this secret (HMAC-SHA256) so the rewards widget knows a signed-in shopper is real.
          {hasSecret ? ' A secret exists; generating a new one replaces it.' : ' No secret has been generated yet.'}
        </p>
        {generate.isError ? <Banner tone="critical">{`No secret was generated: ${errorMessage(generate.error)}`}</Banner> : null}
        {secret ? (
          <div className="ls-stack">
            <Banner tone="info">Copy the secret now: it is shown only once.</Banner>
            <div className="ls-secret-row">
              <Field label="HMAC secret" readOnly value={secret} className="ls-field__input ls-secret" onFocus={(e) => e.target.select()} />
              <Button onClick={() => void copy(secret)}>{copied ? 'Copied' : 'Copy'}</Button>
            </div>
            <span role="status" className="ls-visually-hidden">
              {copied ? 'Secret copied to the clipboard' : ''}
            </span>
            {copyError ? <Banner tone="critical">{copyError}</Banner> : null}
          </div>
        ) : null}
        {canGenerate ? null : <p className="ls-muted">Only the store owner can generate the secret.</p>}
        <div hidden={!canGenerate}>
          <Button
            variant={secret ? 'secondary' : 'primary'}
            loading={generate.isPending && !confirming}
            onClick={() => (hasSecret || secret ? setConfirming(true) : run())}
          >
            Generate new secret
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          title="Replace the HMAC secret?"
          confirmLabel="Replace secret"
          busy={generate.isPending}
          onConfirm={run}
          onCancel={() => setConfirming(false)}
        >
          <p>
            Your store signs signed-in shoppers with the current secret. Once replaced, update the secret in your store at once, or members will show as
            visitors until you do.
          </p>
        </ConfirmDialog>
      </div>
    </section>
  );
}

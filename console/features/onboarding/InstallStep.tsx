import { Button } from '../../components/ui/Button.tsx';
import { useCopyToClipboard } from '../../lib/useCopyToClipboard.ts';
import { useConsole } from '../../state/store.ts';
import { StepFrame, type StepProps } from './StepFrame.tsx';

/** DESIGN.md §4: the storefront embed snippet of a store. */
export const embedSnippet = (origin: string, storeKey: string) => `<script async src="${origin}/embed/loader.js" data-store="${storeKey}"></script>`;

/** Stage 10: put the rewards on the storefront. */
export function InstallStep({ onDone, advancing }: StepProps) {
  const storeKey = useConsole((s) => s.user.users?.store?.store_name ?? '');
  const snippet = embedSnippet(window.location.origin, storeKey);
  const { copied, error, copy } = useCopyToClipboard();
  return (
    <StepFrame
      title="Add to your store"
      intro="Paste this line before the closing </body> tag of your store's theme. It loads the launcher, the widget and the sticky bar."
      saving={false}
      advancing={advancing}
      failure={null}
      onSkip={onDone}
      submitLabel="Continue"
      onSubmit={onDone}
    >
      <pre className="ls-snippet" aria-label="Embed code">
        <code>{snippet}</code>
      </pre>
      <div className="ls-row">
        <Button onClick={() => void copy(snippet)}>{copied ? 'Copied' : 'Copy code'}</Button>
        <span role="status" className="ls-muted">
          {copied ? 'Copied to the clipboard' : (error ?? '')}
        </span>
      </div>
    </StepFrame>
  );
}

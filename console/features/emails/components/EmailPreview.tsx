import { Banner } from '../../../components/ui/PageHeader.tsx';
import { payloadSize } from '../../../lib/format.ts';
import type { RenderedPreview } from '../api/emails.ts';

/** The email as an inbox gets it, in a sandboxed frame (no script, no same origin), with its size. */
export function EmailPreview({ preview, loading }: { preview: RenderedPreview | undefined; loading: boolean }) {
  return (
    <section className="ls-card ls-stack" aria-labelledby="email-preview-heading">
      <h2 id="email-preview-heading">Preview</h2>
      {preview && Object.keys(preview.errors).length > 0 ? (
        <Banner tone="critical" title="Fix before saving">
          <ul>
            {Object.entries(preview.errors).map(([field, message]) => (
              <li key={field}>{message}</li>
            ))}
          </ul>
        </Banner>
      ) : null}
      {preview ? (
        <>
          <p>
            <strong>Subject:</strong> <span data-testid="preview-subject">{preview.subject}</span>
          </p>
          <iframe
            title="Email preview"
            sandbox=""
            srcDoc={preview.html}
            style={{ width: '100%', height: 560, border: '1px solid #d0d4d9', borderRadius: 8, background: '#fff' }}
          />
          <p className="ls-field__hint">
            Sample member data. Size: {payloadSize(preview.html).label}
            {loading ? ' · updating…' : ''}
          </p>
        </>
      ) : (
        <p>{loading ? 'Rendering the preview…' : 'The preview appears once the form is valid.'}</p>
      )}
    </section>
  );
}

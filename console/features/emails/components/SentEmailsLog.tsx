import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/Badge.tsx';
import { sentEmailsQuery } from '../api/emails.ts';

const when = (at: string | null) => (at ? new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—');
const tone = (status: string) => (status === 'sent' ? 'success' : status === 'failed' ? 'attention' : 'neutral');

/** "Sent emails": what this email sent, or would have sent without a mail server (kept in the outbox). */
export function SentEmailsLog({ emailKey }: { emailKey: string }) {
  const sent = useQuery(sentEmailsQuery(emailKey));
  const rows = sent.data ?? [];
  return (
    <section className="ls-card ls-stack" aria-labelledby="sent-emails-heading">
      <h2 id="sent-emails-heading">Sent emails</h2>
      {rows.length === 0 ? (
        <p>{sent.isPending ? 'Loading…' : 'Nothing sent yet.'}</p>
      ) : (
        <div className="ls-table">
          <table aria-label="Sent emails">
            <thead>
              <tr>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col">Queued</th>
                <th scope="col">Sent</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.to_address}</td>
                  <td>{row.subject ?? '—'}</td>
                  <td>
                    <Badge tone={tone(row.status)}>{row.status}</Badge>
                    {row.last_error ? <div className="ls-field__hint">{row.last_error}</div> : null}
                  </td>
                  <td>{when(row.created_at)}</td>
                  <td>{when(row.sent_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

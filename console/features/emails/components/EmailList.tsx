import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/Badge.tsx';
import { buttonClassName } from '../../../components/ui/Button.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { templatesQuery } from '../api/emails.ts';

const lastEdit = (at: string | null) => (at ? new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Starter template');

/** The nine emails with status and last edit; "Edit" opens the form (or the visual editor). */
export function EmailList({ editPath }: { editPath: (key: string) => string }) {
  const templates = useQuery(templatesQuery());
  if (templates.isError) return <Banner tone="critical">The emails could not be loaded: {templates.error.message}</Banner>;
  return (
    <div className="ls-table">
      <table aria-label="Program emails" aria-busy={templates.isPending}>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Subject</th>
            <th scope="col">Status</th>
            <th scope="col">Last edit</th>
            <th scope="col">
              <span className="ls-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(templates.data ?? []).map((template) => (
            <tr key={template.key}>
              <th scope="row">{template.name}</th>
              <td>{template.fields.subject}</td>
              <td>
                <Badge tone={template.enabled ? 'success' : 'neutral'}>{template.enabled ? 'On' : 'Off'}</Badge>
              </td>
              <td>{lastEdit(template.updated_at)}</td>
              <td>
                <Link className={buttonClassName('secondary', 'small')} to={editPath(template.key)} aria-label={`Edit ${template.name}`}>
                  Edit
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

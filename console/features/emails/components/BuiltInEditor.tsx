import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { EmailStudio, type EmailStudioApi } from '../../../../builder/index.ts';
import type { CustomerListAnswer } from '../../../../server/contract/customers.ts';
import type { EmailTemplateRecord } from '../../../../server/contract/templates.ts';
import type { EmailDocument } from '../../../../renderers/contract/index.ts';
import { api } from '../../../lib/runtime.ts';
import { useFollowedStoreLanguages } from '../../../lib/session-queries.ts';
import { templateSaveFailure, useSaveTemplate, type RenderedPreview } from '../api/emails.ts';
import { useViewOnlyReason } from '../../../lib/useCan.ts';

/**
 * The built-in email editor for one email (view only, saying why, for a role that may not change emails): the builder's EmailStudio, wired to
 * POST /template/store/{id} (editor `builder`), POST /template/email (the canvas, as sample data or
 * a real member, in the language being edited), the store's members and its languages.
 */
export function BuiltInEditor({ template, tags, backHref, notice }: { template: EmailTemplateRecord; tags: string[]; backHref: string; notice?: ReactNode }) {
  const navigate = useNavigate();
  const viewOnly = useViewOnlyReason('program:edit');
  const save = useSaveTemplate(template.key);
  // the store's languages, followed while the editor is open (a language added in another tab shows here)
  const languages = useFollowedStoreLanguages();
  const studioApi = useMemo<EmailStudioApi>(
    () => ({
      async save(document) {
        try {
          await save.mutateAsync({ enabled: template.enabled, editor: 'builder', fields: template.fields, json_content: document });
        } catch (error) {
          throw new Error(templateSaveFailure(error).message, { cause: error });
        }
      },
      preview: (document, memberId, language) =>
        api.post<RenderedPreview>('/template/email', {
          email: template.key,
          editor: 'builder',
          fields: template.fields,
          json_content: document,
          language,
          ...(memberId ? { customer_id: memberId } : {}),
        }),
      members: async () => {
        const answer = await api.get<CustomerListAnswer>('/customer', { host: 'data', params: { page: 1, limit: 20 } });
        return answer.data.filter((row) => !row.deleted).map((row) => ({ id: row.id, name: `${row.name || row.email} (${row.email})` }));
      },
    }),
    // the studio keeps its own document; the template's settings are read once
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [template.key],
  );
  return (
    <EmailStudio
      api={studioApi}
      name={`${template.name} email`}
      document={template.document as EmailDocument}
      tags={tags}
      backHref={backHref}
      onNavigate={(href) => void navigate(href)}
      readOnly={viewOnly !== undefined}
      languages={languages}
      notice={
        viewOnly || notice ? (
          <>
            {viewOnly ? <p role="note">{viewOnly}</p> : null}
            {notice}
          </>
        ) : undefined
      }
    />
  );
}

import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EmailTemplateRecord, emailFields, templateSaveBody, templateTestBody, templateTestResult } from '../../../../server/contract/templates.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { api, queryClient } from '../../../lib/runtime.ts';

export type EmailFieldsValue = z.infer<typeof emailFields>;
export interface RenderedPreview {
  subject: string;
  html: string;
  size_bytes: number;
  errors: Record<string, string>;
}
export interface SentEmail {
  id: number;
  email_key: string;
  to_address: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  subject: string | null;
}

/** Query keys of the emails area. */
const emailKeys = { all: ['emails'] as const, list: ['emails', 'list'] as const, one: (key: string) => ['emails', 'template', key] as const };

/** GET /template: the nine emails (starters until saved). */
export const templatesQuery = () => queryOptions({ queryKey: emailKeys.list, queryFn: () => api.get<EmailTemplateRecord[]>('/template') });

/** GET /template/{id}: one email. */
export const templateQuery = (key: string) => queryOptions({ queryKey: emailKeys.one(key), queryFn: () => api.get<EmailTemplateRecord>(`/template/${key}`) });

/** POST /template/email: the design as an inbox in `language` gets it, with sample data (for the live preview). */
export const previewQuery = (key: string, fields: EmailFieldsValue, language: string) =>
  queryOptions({
    queryKey: [...emailKeys.all, 'preview', key, fields, language] as const,
    queryFn: () => api.post<RenderedPreview>('/template/email', { email: key, fields, language }),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });

/** GET /template/sent: the "Sent emails" log of one email. */
export const sentEmailsQuery = (key: string) =>
  queryOptions({ queryKey: [...emailKeys.all, 'sent', key] as const, queryFn: () => api.get<SentEmail[]>(`/template/sent?email=${key}&limit=20`) });

/** POST /template/store/{id}. */
export const useSaveTemplate = (key: string) =>
  useMutation({
    mutationFn: (body: z.input<typeof templateSaveBody>) => api.post<EmailTemplateRecord>(`/template/store/${key}`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(emailKeys.one(key), saved);
      void queryClient.invalidateQueries({ queryKey: emailKeys.list });
    },
  });

/** POST /template/test. */
export const useTestSend = () =>
  useMutation({
    mutationFn: (body: z.input<typeof templateTestBody>) => api.post<z.infer<typeof templateTestResult>>('/template/test', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...emailKeys.all, 'sent'] }),
  });

/** spec §8: the email editor save's failure as `{ success: false, message, code }`. */
export function templateSaveFailure(error: unknown): { success: false; message: string; code: number } {
  const status = error instanceof ApiError ? error.status : undefined;
  const message = error instanceof ApiError ? error.serverMessage : undefined;
  if (status === 413)
    return { success: false, message: message || 'The email template is too large to save. Please try reducing the content or images.', code: 413 };
  return { success: false, message: message || 'Failed to save email template', code: status ?? 500 };
}

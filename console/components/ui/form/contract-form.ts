import { useForm, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../../lib/api/errors.ts';

/**
 * A form validated by the same zod schema the server parses the call with (`server/contract`),
 * so the console shows the server's own rules before sending; the server still re-validates.
 */
export function useContractForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: z.input<S>) {
  const resolver = zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver, defaultValues: defaultValues as never, mode: 'onTouched' });
}

/**
 * A failed save on the form: each field error of a 422 answer (`errors: { "field.path": "…" }`)
 * lands on its field; the answer's message (or the failure's) is returned for the form's alert.
 */
export function applyServerErrors<V extends FieldValues>(form: Pick<UseFormReturn<V>, 'setError' | 'getValues'>, error: unknown): string {
  if (error instanceof ApiError) {
    const fields = form.getValues() as Record<string, unknown>;
    for (const [path, message] of Object.entries(error.errors)) {
      if ((path.split('.')[0] ?? '') in fields) form.setError(path as Path<V>, { type: 'server', message });
    }
  }
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : errorMessage(error);
}

import { useState, type FormEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useToast } from '../Toast.tsx';
import { applyServerErrors } from './contract-form.ts';

/**
 * The submit of a contract form: save, toast the success (spec §9), or keep the failure for the
 * form's alert with a 422's field errors on their fields.
 */
export function useSaveForm<In extends FieldValues, Out>(
  form: UseFormReturn<In, unknown, Out>,
  save: (values: Out) => Promise<unknown>,
  words: { saved: (values: Out) => string; notSaved: string; onDone?: () => void },
) {
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save(values);
      toast({ message: words.saved(values) });
      words.onDone?.();
    } catch (error) {
      setFailure(`${words.notSaved}: ${applyServerErrors(form, error)}`);
    }
  });
  return { failure, onSubmit: (event: FormEvent) => void submit(event) };
}

/** The submit of a rule's drawer form: create (no id) or update, named by its title in the toast. */
export function useRuleSave<In extends FieldValues, Out extends { title: string }>(
  form: UseFormReturn<In, unknown, Out>,
  save: { mutateAsync: (input: { id?: number | undefined; body: Out }) => Promise<unknown> },
  { id, noun, onDone }: { id: number | undefined; noun: string; onDone: () => void },
) {
  return useSaveForm(form, (body) => save.mutateAsync({ id, body }), {
    saved: (body) => (id === undefined ? `“${body.title}” added` : `“${body.title}” saved`),
    notSaved: `The ${noun} was not saved`,
    onDone,
  });
}

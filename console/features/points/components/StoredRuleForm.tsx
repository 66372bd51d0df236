import type { ComponentType } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';

export interface RuleFormProps<T> {
  id?: number | undefined;
  initial: T;
  onDone: () => void;
}

/**
 * A rule's drawer form that starts from the rule as stored: a new rule starts from its kind's
 * template; an existing one is read again by id (spec §4 "point fetch", "point redeem fetch",
 * couponByID) with its loading shown and its failure kept in the drawer.
 */
export function withStoredRule<R, T, K extends QueryKey>(
  Fields: ComponentType<RuleFormProps<T>>,
  load: (id: number) => UseQueryOptions<R, Error, R, K>,
  bodyOf: (rule: R) => T,
  noun: string,
): ComponentType<RuleFormProps<T>> {
  function StoredRuleForm({ id, initial, onDone }: RuleFormProps<T>) {
    const stored = useQuery({ ...load(id ?? 0), enabled: id !== undefined });
    if (id === undefined) return <Fields initial={initial} onDone={onDone} />;
    if (stored.isError) return <Banner tone="critical">{`The ${noun} could not be loaded: ${errorMessage(stored.error)}`}</Banner>;
    if (!stored.data) return <p role="status">{`Loading the ${noun}…`}</p>;
    return <Fields id={id} initial={bodyOf(stored.data)} onDone={onDone} />;
  }
  return StoredRuleForm;
}

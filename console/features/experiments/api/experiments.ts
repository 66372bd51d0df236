import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Experiment, ExperimentSurface, Variant, VariantLetter } from '../../../../server/contract/experiments.ts';
import { api, queryClient } from '../../../lib/runtime.ts';

const experimentKeys = {
  all: ['experiments'] as const,
  list: ['experiments', 'list'] as const,
  variant: (kind: ExperimentSurface) => ['experiments', 'variant', kind] as const,
};

const refreshAll = () => queryClient.invalidateQueries({ queryKey: experimentKeys.all });

/** GET /onsite-display/experiments: every experiment with its results (read again while on screen). */
export const experimentsQuery = () =>
  queryOptions({ queryKey: experimentKeys.list, queryFn: () => api.get<Experiment[]>('/onsite-display/experiments'), staleTime: 0, refetchInterval: 15_000 });

/** GET /onsite-display/variants/{kind}: the surface's saved variant B, or null. */
export const variantQuery = (kind: ExperimentSurface) =>
  queryOptions({ queryKey: experimentKeys.variant(kind), queryFn: () => api.get<Variant | null>(`/onsite-display/variants/${kind}`), staleTime: 0 });

/** POST /onsite-display/variants/{kind}/from-published: "Create variant B". */
export const useCreateVariant = () =>
  useMutation({ mutationFn: (kind: ExperimentSurface) => api.post<Variant>(`/onsite-display/variants/${kind}/from-published`), onSuccess: refreshAll });

/** POST /onsite-display/experiments */
export const useStartExperiment = () =>
  useMutation({
    mutationFn: (body: { kind: ExperimentSurface; split_b: number }) => api.post<Experiment>('/onsite-display/experiments', body),
    onSuccess: refreshAll,
  });

/** POST /onsite-display/experiments/{id}/stop, or …/publish with the winner. */
export const useEndExperiment = () =>
  useMutation({
    mutationFn: ({ id, winner }: { id: number; winner: VariantLetter | null }) =>
      winner === null
        ? api.post<Experiment>(`/onsite-display/experiments/${id}/stop`)
        : api.post<Experiment>(`/onsite-display/experiments/${id}/publish`, { variant: winner }),
    onSuccess: refreshAll,
  });

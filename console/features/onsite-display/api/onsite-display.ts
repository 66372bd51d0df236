import { useMemo } from 'react';
import { queryOptions } from '@tanstack/react-query';
import type { SurfaceDocument, SurfaceKind } from '../../../../builder/index.ts';
import type { DocumentState, SurfaceSummary } from '../../../../server/contract/onsite-display.ts';
import { api } from '../../../lib/runtime.ts';
import { createBuilderApi } from './builder-api.ts';

/** Query keys of the On-site Display area. */
const onsiteDisplayKeys = {
  all: ['onsite-display'] as const,
  surfaces: ['onsite-display', 'surfaces'] as const,
  draft: (kind: SurfaceKind) => ['onsite-display', 'draft', kind] as const,
};

// The studio saves through the builder's own API, so the overview reads again on each visit.
const onEachVisit = { staleTime: 0 } as const;

/** GET /onsite-display: each surface's versions, publish state and last change. */
export const surfacesQuery = () =>
  queryOptions({ queryKey: onsiteDisplayKeys.surfaces, queryFn: () => api.get<SurfaceSummary[]>('/onsite-display'), ...onEachVisit });

/** GET /onsite-display/{kind}: the surface's current draft (what its thumbnail draws). */
export const surfaceDraftQuery = (kind: SurfaceKind) =>
  queryOptions({
    queryKey: onsiteDisplayKeys.draft(kind),
    queryFn: async () => {
      const state = await api.get<DocumentState>(`/onsite-display/${kind}`);
      return state.document as unknown as SurfaceDocument;
    },
    ...onEachVisit,
  });

/** The builder studio's BuilderApi on the console's client (one per mounted screen). */
export const useBuilderApi = () => useMemo(() => createBuilderApi(api), []);

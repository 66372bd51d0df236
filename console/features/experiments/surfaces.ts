import { EXPERIMENT_SURFACES, type ExperimentSurface } from '../../../server/contract/experiments.ts';
import { SURFACES } from '../../../renderers/contract/index.ts';

/** The surfaces an experiment can run on, with their names. */
export const EXPERIMENT_SURFACE_OPTIONS = EXPERIMENT_SURFACES.map((kind) => ({ kind, label: surfaceLabel(kind) }));

export function surfaceLabel(kind: ExperimentSurface): string {
  return SURFACES.find((surface) => surface.kind === kind)?.name ?? kind;
}

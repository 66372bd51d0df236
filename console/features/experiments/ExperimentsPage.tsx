/**
 * Experiments (A/B) on a surface: create variant B of the landing page, widget or sticky bar from
 * what is published, start an experiment with a split, follow each variant's shoppers and
 * conversions with the difference's 95 % confidence interval, then stop it or publish the winner.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EXPERIMENT_SURFACES, type ExperimentSurface } from '../../../server/contract/experiments.ts';
import { SURFACES, studioPath } from '../../../renderers/contract/index.ts';
import { Banner, Button, buttonClassName, PageHeader } from '../../components/ui/index.ts';
import type { RouteEntry } from '../../lib/feature.ts';
import { useCan } from '../../lib/useCan.ts';
import { formatUtcDateTime } from '../../lib/format.ts';
import { experimentsQuery, useCreateVariant, useEndExperiment, useStartExperiment, variantQuery } from './api/experiments.ts';
import { ExperimentResults } from './components/ExperimentResults.tsx';
import { EXPERIMENT_SURFACE_OPTIONS, surfaceLabel } from './surfaces.ts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'That did not work. Please try again.');

/** The surface the page opens on: `?surface=` (the studio's "Start experiment…"), else the widget. */
function surfaceFrom(params: URLSearchParams): ExperimentSurface {
  const asked = params.get('surface');
  return EXPERIMENT_SURFACES.find((kind) => kind === asked) ?? 'widget';
}

/** The studio of a surface, opened on its variant B. */
const variantStudioPath = (kind: ExperimentSurface) => `${studioPath(SURFACES.find((surface) => surface.kind === kind)!.studio)}?variant=b`;

function StartExperiment() {
  const [params] = useSearchParams();
  const [kind, setKind] = useState<ExperimentSurface>(() => surfaceFrom(params));
  const [split, setSplit] = useState('50');
  const variant = useQuery(variantQuery(kind));
  const createVariant = useCreateVariant();
  const start = useStartExperiment();
  const canEdit = useCan('program:edit');
  const canPublish = useCan('program:publish');
  const failure = createVariant.error ?? start.error;
  return (
    <section className="ls-card ls-experiment" aria-labelledby="start-experiment">
      <h2 id="start-experiment">Start an experiment</h2>
      <p>Variant A is what shoppers see now. Variant B starts as a copy of it: change it, then show it to a share of shoppers and compare.</p>
      <form
        className="ls-experiment__form"
        onSubmit={(event) => {
          event.preventDefault();
          start.mutate({ kind, split_b: Number(split) });
        }}
      >
        <label className="ls-field">
          <span className="ls-field__label">Surface</span>
          <select
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as ExperimentSurface);
              start.reset();
              createVariant.reset();
            }}
          >
            {EXPERIMENT_SURFACE_OPTIONS.map((option) => (
              <option key={option.kind} value={option.kind}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <div className="ls-experiment__variant" aria-live="polite">
          {variant.isPending ? (
            <span>Looking for variant B…</span>
          ) : variant.data ? (
            <span>
              Variant B saved {formatUtcDateTime(variant.data.updated_at)}
              {variant.data.updated_by ? ` by ${variant.data.updated_by.name}` : ''} (version {variant.data.draft_version}).
            </span>
          ) : (
            <span>No variant B yet for the {surfaceLabel(kind).toLowerCase()}.</span>
          )}
          {variant.data ? (
            <Link className={buttonClassName()} to={variantStudioPath(kind)}>
              {canEdit ? 'Edit variant B in the studio' : 'See variant B in the studio'}
            </Link>
          ) : null}
          {canEdit ? (
            <Button onClick={() => createVariant.mutate(kind)} loading={createVariant.isPending}>
              {variant.data ? 'Reset variant B to the published version' : 'Create variant B'}
            </Button>
          ) : null}
        </div>
        <label className="ls-field">
          <span className="ls-field__label">Shoppers who see variant B (%)</span>
          <input type="number" inputMode="numeric" value={split} onChange={(event) => setSplit(event.target.value)} />
        </label>
        {canPublish ? (
          <Button type="submit" variant="primary" loading={start.isPending}>
            Start experiment
          </Button>
        ) : null}
      </form>
      {failure ? <Banner tone="critical">{messageOf(failure)}</Banner> : null}
      {start.isSuccess ? <Banner tone="success">The experiment is running.</Banner> : null}
    </section>
  );
}

export function ExperimentsPage({ route }: { route: RouteEntry }) {
  const experiments = useQuery(experimentsQuery());
  const end = useEndExperiment();
  const canPublish = useCan('program:publish');
  return (
    <div>
      <PageHeader
        title={route.title}
        subtitle="Show a variant of a surface to a share of shoppers and see which one turns more of them into members."
        {...(route.back ? { back: route.back } : {})}
      />
      <StartExperiment />
      {end.error ? <Banner tone="critical">{messageOf(end.error)}</Banner> : null}
      {experiments.isPending ? <p role="status">Loading experiments…</p> : null}
      {experiments.isError ? <Banner tone="critical">{messageOf(experiments.error)}</Banner> : null}
      {experiments.data?.length === 0 ? <p>No experiment has run yet.</p> : null}
      {experiments.data?.map((experiment) => (
        <ExperimentResults
          key={experiment.id}
          experiment={experiment}
          canPublish={canPublish}
          busy={end.isPending}
          onEnd={(winner) => end.mutate({ id: experiment.id, winner })}
        />
      ))}
    </div>
  );
}

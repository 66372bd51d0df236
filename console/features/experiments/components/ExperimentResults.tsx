import type { Experiment, VariantResult } from '../../../../server/contract/experiments.ts';
import { Badge, Button } from '../../../components/ui/index.ts';
import { formatUtcDateTime } from '../../../lib/format.ts';
import { surfaceLabel } from '../surfaces.ts';

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)} %`);
/** A difference of rates in percentage points, signed. */
const points = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(1)} pts`;

type Difference = Experiment['results']['member_difference'];

function DifferenceLine({ label, difference }: { label: string; difference: Difference }) {
  if (!difference) return null;
  const clear = difference.low > 0 || difference.high < 0;
  return (
    <p>
      {label}: B − A = <strong>{points(difference.estimate)}</strong> (95 % confidence interval {points(difference.low)} to {points(difference.high)})
      {clear ? (difference.estimate > 0 ? ' — B does better.' : ' — A does better.') : ' — no clear difference yet.'}
    </p>
  );
}

function Row({ result, split }: { result: VariantResult; split: number }) {
  return (
    <tr>
      <th scope="row">
        Variant {result.variant.toUpperCase()} ({result.variant === 'a' ? 100 - split : split} %)
      </th>
      <td>{result.shoppers}</td>
      <td>{result.views}</td>
      <td>{result.opens}</td>
      <td>
        {result.members} of {result.visitors} ({percent(result.member_rate)})
      </td>
      <td>
        {result.redeemers} ({percent(result.redemption_rate)})
      </td>
    </tr>
  );
}

interface ResultsProps {
  experiment: Experiment;
  canPublish: boolean;
  busy: boolean;
  onEnd: (winner: 'a' | 'b' | null) => void;
}

/** One experiment: per variant shoppers, views, opens and conversions, the differences with their intervals, and its actions. */
export function ExperimentResults({ experiment, canPublish, busy, onEnd }: ResultsProps) {
  const { results } = experiment;
  const title = `${surfaceLabel(experiment.kind)} experiment`;
  const headingId = `experiment-${experiment.id}`;
  return (
    <section className="ls-card ls-experiment" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {title}{' '}
        <Badge tone={experiment.status === 'running' ? 'success' : 'neutral'}>
          {experiment.status === 'running' ? 'Running' : experiment.winner ? `Stopped — ${experiment.winner.toUpperCase()} published` : 'Stopped'}
        </Badge>
      </h2>
      <p className="ls-experiment__period">
        Started {formatUtcDateTime(experiment.started_at)}
        {experiment.ended_at ? `, stopped ${formatUtcDateTime(experiment.ended_at)}` : ''}
        {experiment.variant_b_version === null ? '' : `. B is version ${experiment.variant_b_version} of variant B (what Publish B publishes).`}
      </p>
      <table className="ls-experiment__table">
        <caption>Results per variant</caption>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col">Shoppers</th>
            <th scope="col">Views</th>
            <th scope="col">Widget opens</th>
            <th scope="col">Became members</th>
            <th scope="col">First redemption</th>
          </tr>
        </thead>
        <tbody>
          <Row result={results.a} split={experiment.split_b} />
          <Row result={results.b} split={experiment.split_b} />
        </tbody>
      </table>
      {results.enough_data ? (
        <>
          <DifferenceLine label="Conversion to member" difference={results.member_difference} />
          <DifferenceLine label="Conversion to first redemption" difference={results.redemption_difference} />
        </>
      ) : (
        <p role="status">
          Not enough data yet: each variant needs {results.minimum_sample} shoppers before the difference is shown (A has {results.a.shoppers}, B has{' '}
          {results.b.shoppers}).
        </p>
      )}
      {experiment.status === 'running' && canPublish ? (
        <div className="ls-experiment__actions">
          <Button onClick={() => onEnd(null)} disabled={busy}>
            Stop experiment
          </Button>
          <Button onClick={() => onEnd('a')} disabled={busy}>
            Keep A
          </Button>
          <Button variant="primary" onClick={() => onEnd('b')} disabled={busy}>
            Publish B
          </Button>
        </div>
      ) : null}
    </section>
  );
}

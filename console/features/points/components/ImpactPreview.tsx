import { useId } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ImpactPreviewBody } from '../../../../server/contract/points.ts';
import { errorMessage } from '../../../lib/api/errors.ts';
import { formatMinor as money, formatPoints } from '../../../lib/format.ts';
import { useDebounced } from '../../../lib/useDebounced.ts';
import { impactPreviewQuery } from '../api/points.ts';

/** The change replayed over the last 90 days of this store, on the server, as the merchant types (debounced). */
export function ImpactPreview({ body }: { body: ImpactPreviewBody | null }) {
  const debounced = useDebounced(body, 300);
  const preview = useQuery({ ...impactPreviewQuery(debounced ?? {}), enabled: debounced !== null, placeholderData: keepPreviousData });
  const data = preview.data;
  const headingId = useId();
  return (
    <section className="ls-preview" aria-labelledby={headingId} aria-busy={preview.isFetching || undefined}>
      <h3 id={headingId} className="ls-rule-group__title">
        Impact over the last 90 days
      </h3>
      {body === null ? <p className="ls-muted">Fix the fields above to see the impact.</p> : null}
      {preview.isError ? <p role="alert">{`The preview is not available: ${errorMessage(preview.error)}`}</p> : null}
      {data ? (
        <div role="status" aria-live="polite">
          <p className="ls-muted">
            {`${formatPoints(data.orders)} orders of ${formatPoints(data.customers)} customers; your current rules issued ${formatPoints(data.points_issued_now)} points for them.`}
          </p>
          <dl>
            <div>
              <dt>Points issued</dt>
              <dd>{formatPoints(data.points_issued)}</dd>
            </div>
            <div>
              <dt>Rewards affordable</dt>
              <dd>{data.rewards_affordable === null ? '—' : formatPoints(data.rewards_affordable)}</dd>
            </div>
            <div>
              <dt>Liability</dt>
              <dd>{data.liability_minor === null ? '—' : money(data.liability_minor, data.currency)}</dd>
            </div>
          </dl>
          {data.points_expired ? <p className="ls-muted">{`${formatPoints(data.points_expired)} of these points would have expired by today.`}</p> : null}
          {data.liability_minor === null ? <p className="ls-muted">Add a money-off way to redeem to value the points.</p> : null}
        </div>
      ) : null}
    </section>
  );
}

const whole = (value: unknown, min: number): value is number => typeof value === 'number' && Number.isInteger(value) && value >= min;

/** The preview body of an order rule being edited, or null while its fields are not valid numbers. */
export function earningPreviewBody(mode: unknown, points: unknown, perAmount: unknown): ImpactPreviewBody | null {
  if (!whole(points, 0)) return null;
  if (mode === 'fixed') return { earning: { mode: 'fixed', points, per_amount_minor: 100 } };
  return whole(perAmount, 1) ? { earning: { mode: 'per_amount', points, per_amount_minor: perAmount } } : null;
}

/** The preview body of a reward being edited: its cost, and its value when it is money off. */
export function redeemPreviewBody(cost: unknown, value: unknown): ImpactPreviewBody | null {
  if (!whole(cost, 1)) return null;
  return { redeem: { points_cost: cost, value_minor: whole(value, 1) ? value : null } };
}

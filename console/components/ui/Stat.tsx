/** A percentage change above this reads as noise (a previous period near zero): it is shown as "over 999%". */
export const CHANGE_PERCENT_CAP = 999;

/**
 * The change against the previous period in percent, as shown and as read aloud: none when there
 * is no previous figure to divide by or it is negative; "new" when the previous period had nothing;
 * "over 999%" when the previous period is so small that the percentage says nothing.
 */
export function percentChange(value: number, previous: number): { shown: string; words: string } | null {
  if (previous < 0 || value === previous) return null;
  if (previous === 0) return value > 0 ? { shown: 'new', words: 'new, none in the previous period' } : null;
  const percent = Math.round((Math.abs(value - previous) / previous) * 100);
  return percent > CHANGE_PERCENT_CAP
    ? { shown: `>${CHANGE_PERCENT_CAP}%`, words: `over ${CHANGE_PERCENT_CAP}%` }
    : { shown: `${percent}%`, words: `${percent}%` };
}

/** A headline figure with its change against the previous period (sign, and words for screen readers). */
export function Stat({
  label,
  value,
  previous,
  format = (n) => n.toLocaleString('en-US'),
}: {
  label: string;
  /** null: no figure for the period (e.g. a rate with nothing to divide by), shown as a dash */
  value: number | null;
  /** the same figure for the period before; no delta without it */
  previous?: number | null;
  format?: (value: number) => string;
}) {
  const delta = value === null || previous === undefined || previous === null ? null : value - previous;
  const percent = delta === null ? null : percentChange(value!, previous!);
  const words =
    delta === null
      ? ''
      : delta === 0
        ? 'no change'
        : `${delta > 0 ? 'up' : 'down'} ${format(Math.abs(delta))}${percent === null ? '' : ` (${percent.words})`} on the previous period`;
  return (
    <div className="ls-stat">
      <dt className="ls-stat__label">{label}</dt>
      <dd className="ls-stat__value">
        {value === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="ls-visually-hidden">no figure for this period</span>
          </>
        ) : (
          format(value)
        )}
      </dd>
      {delta !== null ? (
        <dd className="ls-stat__delta" data-trend={delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat'}>
          <span aria-hidden="true">
            {delta > 0 ? '+' : delta < 0 ? '−' : '±'}
            {format(Math.abs(delta))}
            {percent === null ? '' : ` (${percent.shown})`}
          </span>
          <span className="ls-visually-hidden">{words}</span>
        </dd>
      ) : null}
    </div>
  );
}

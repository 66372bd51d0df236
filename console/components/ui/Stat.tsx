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
  const percent = delta === null || previous === 0 ? null : Math.round((delta / previous!) * 100);
  const words =
    delta === null
      ? ''
      : delta === 0
        ? 'no change'
        : `${delta > 0 ? 'up' : 'down'} ${format(Math.abs(delta))}${percent === null ? '' : ` (${Math.abs(percent)}%)`} on the previous period`;
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
            {percent === null ? '' : ` (${Math.abs(percent)}%)`}
          </span>
          <span className="ls-visually-hidden">{words}</span>
        </dd>
      ) : null}
    </div>
  );
}

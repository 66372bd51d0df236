/** A headline figure with its change against the previous period (sign, and words for screen readers). */
export function Stat({
  label,
  value,
  previous,
  format = (n) => n.toLocaleString('en-US'),
}: {
  label: string;
  value: number;
  /** the same figure for the period before; no delta without it */
  previous?: number;
  format?: (value: number) => string;
}) {
  const delta = previous === undefined ? null : value - previous;
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
      <dd className="ls-stat__value">{format(value)}</dd>
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

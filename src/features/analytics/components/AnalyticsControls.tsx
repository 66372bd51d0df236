import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/Button.tsx';
import { DateRangePicker } from '../../../components/ui/aria/DatePicker.tsx';
import { Switch } from '../../../components/ui/aria/Switch.tsx';
import type { AnalyticsView } from '../../../state/client-state.ts';
import { filterOptionsQuery } from '../api/analytics.ts';
import { lastDays, PRESETS, requestOf } from '../view.ts';

/** Period (presets or any range), comparison with the period before, and the member tag filter. */
export function AnalyticsControls({ view, onChange }: { view: AnalyticsView; onChange: (view: AnalyticsView) => void }) {
  const options = useQuery(filterOptionsQuery());
  const request = requestOf(view);
  const tag = view.filters.tag?.[0] ?? '';
  return (
    <section className="ls-card ls-analytics-controls" aria-label="Period and filters">
      <div className="ls-row" role="group" aria-label="Period">
        {PRESETS.map((preset) => {
          const range = lastDays(preset.days);
          const active = request.from === range.from && request.to === range.to;
          return (
            <Button key={preset.days} aria-pressed={active} variant={active ? 'primary' : 'secondary'} onClick={() => onChange({ ...view, ...range })}>
              {preset.label}
            </Button>
          );
        })}
      </div>
      <div className="ls-row">
        <DateRangePicker label="Dates" value={{ from: request.from, to: request.to }} onChange={(range) => range && onChange({ ...view, ...range })} />
        <label className="ls-field">
          <span className="ls-field__label">Members</span>
          <select value={tag} onChange={(event) => onChange({ ...view, filters: { ...view.filters, tag: event.target.value ? [event.target.value] : [] } })}>
            <option value="">All members</option>
            {(options.data?.tags ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                Tagged {option.value} ({option.customers.toLocaleString('en-US')})
              </option>
            ))}
          </select>
        </label>
        <Switch isSelected={view.compare} onChange={(compare) => onChange({ ...view, compare })}>
          Compare with the period before
        </Switch>
      </div>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/Button.tsx';
import { DateRangePicker } from '../../../components/ui/aria/DatePicker.tsx';
import { Switch } from '../../../components/ui/aria/Switch.tsx';
import type { AnalyticsView } from '../../../state/client-state.ts';
import { filterOptionsQuery } from '../api/analytics.ts';
import { lastDays, PRESETS, requestOf } from '../view.ts';

/** One member filter (tag, VIP tier or source) as a select of the values the store's customers have. */
function FilterSelect({
  label,
  all,
  name,
  view,
  onChange,
  options,
  describe,
}: {
  label: string;
  all: string;
  name: 'tag' | 'tier' | 'source' | 'channel';
  view: AnalyticsView;
  onChange: (view: AnalyticsView) => void;
  options: { value: string; customers: number }[] | undefined;
  describe: (value: string) => string;
}) {
  return (
    <label className="ls-field">
      <span className="ls-field__label">{label}</span>
      <select
        value={view.filters[name]?.[0] ?? ''}
        onChange={(event) => onChange({ ...view, filters: { ...view.filters, [name]: event.target.value ? [event.target.value] : [] } })}
      >
        <option value="">{all}</option>
        {(options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {describe(option.value)} ({option.customers.toLocaleString('en-US')})
          </option>
        ))}
      </select>
    </label>
  );
}

/** Period (presets or any range), comparison with the period before, the member filters (tag, VIP tier, source) and the sales channel. */
export function AnalyticsControls({ view, onChange }: { view: AnalyticsView; onChange: (view: AnalyticsView) => void }) {
  const options = useQuery(filterOptionsQuery());
  const request = requestOf(view);
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
        <FilterSelect
          label="Members"
          all="All members"
          name="tag"
          view={view}
          onChange={onChange}
          options={options.data?.tags}
          describe={(v) => `Tagged ${v}`}
        />
        <FilterSelect label="VIP tier" all="Every tier" name="tier" view={view} onChange={onChange} options={options.data?.tiers} describe={(v) => v} />
        <FilterSelect label="Source" all="Every source" name="source" view={view} onChange={onChange} options={options.data?.sources} describe={(v) => v} />
        <FilterSelect
          label="Sales channel"
          all="Every channel"
          name="channel"
          view={view}
          onChange={onChange}
          options={options.data?.channels}
          describe={(v) => v}
        />
        <Switch isSelected={view.compare} onChange={(compare) => onChange({ ...view, compare })}>
          Compare with the period before
        </Switch>
      </div>
    </section>
  );
}

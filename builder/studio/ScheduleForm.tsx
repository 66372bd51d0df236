/**
 * "Schedule…" in the publish dialog: when the saved versions go live, in the store's time zone,
 * and optionally when the version live now comes back (a double points weekend). Dates and
 * times are React Aria date fields, typed segment by segment.
 */
import { now, toCalendarDateTime, type CalendarDateTime } from '@internationalized/date';
import { useEffect, useState } from 'react';
import { DateField, DateInput, DateSegment, Label, Text } from 'react-aria-components';
import type { ScheduleRequest, StudioKind } from '../api.ts';
import { useBuilderApi } from './api-context.ts';

export type ScheduleWindow = Omit<ScheduleRequest, 'items'>;

/** The store's time zone (the server reads the times in it), once loaded. */
function useStoreTimeZone(kinds: readonly StudioKind[]): { timeZone: string | null; error: string | null } {
  const api = useBuilderApi();
  const [state, setState] = useState<{ timeZone: string | null; error: string | null }>({ timeZone: null, error: null });
  useEffect(() => {
    let live = true;
    api
      .schedules?.(kinds)
      .then((list) => live && setState({ timeZone: list.timeZone, error: null }))
      .catch((error: Error) => live && setState({ timeZone: null, error: error.message || 'the request failed' }));
    return () => {
      live = false;
    };
  }, [api, kinds]);
  return state;
}

/** The next full hour in `timeZone`. */
const nextHour = (timeZone: string) => toCalendarDateTime(now(timeZone)).set({ minute: 0, second: 0, millisecond: 0 }).add({ hours: 1 });

function DateTimeField({ label, value, onChange, hint }: { label: string; value: CalendarDateTime; onChange(value: CalendarDateTime): void; hint?: string }) {
  return (
    <DateField className="bs-field" value={value} onChange={(next) => next && onChange(next)} granularity="minute" hourCycle={24} hideTimeZone>
      <Label>{label}</Label>
      <DateInput className="bs-input bs-date">{(segment) => <DateSegment segment={segment} className="bs-date__segment" />}</DateInput>
      {hint && (
        <Text slot="description" className="bs-field__hint">
          {hint}
        </Text>
      )}
    </DateField>
  );
}

export interface ScheduleFormProps {
  kinds: readonly StudioKind[];
  onSchedule(window: ScheduleWindow): void;
  onBack(): void;
}

export function ScheduleForm({ kinds, onSchedule, onBack }: ScheduleFormProps) {
  const { timeZone, error } = useStoreTimeZone(kinds);
  if (error) return <p role="alert">The store&apos;s time zone could not be loaded ({error}).</p>;
  if (!timeZone) return <p>Loading the store&apos;s time zone…</p>;
  return <ScheduleFields timeZone={timeZone} onSchedule={onSchedule} onBack={onBack} />;
}

function ScheduleFields({ timeZone, onSchedule, onBack }: { timeZone: string; onSchedule(window: ScheduleWindow): void; onBack(): void }) {
  const [label, setLabel] = useState('');
  const [start, setStart] = useState(() => nextHour(timeZone));
  const [hasEnd, setHasEnd] = useState(false);
  const [end, setEnd] = useState(() => nextHour(timeZone).add({ days: 3 }));
  const endTooEarly = hasEnd && end.compare(start) <= 0;
  const submit = () => {
    if (endTooEarly) return;
    onSchedule({ startsAt: start.toString(), endsAt: hasEnd ? end.toString() : null, ...(label.trim() && { label: label.trim() }) });
  };
  return (
    <>
      <div className="bs-modal__body bs-schedule">
        <p>The saved versions go live at the start; drafts saved afterwards do not change what is scheduled.</p>
        <div className="bs-field">
          <label htmlFor="bs-schedule-label">Name (optional)</label>
          <input id="bs-schedule-label" className="bs-input" value={label} maxLength={80} onChange={(event) => setLabel(event.target.value)} />
        </div>
        <DateTimeField label="Starts" value={start} onChange={setStart} hint={`In the store's time zone (${timeZone}).`} />
        <label className="bs-field--inline">
          <input type="checkbox" checked={hasEnd} onChange={(event) => setHasEnd(event.target.checked)} />
          Restore the version live now at an end time
        </label>
        {hasEnd && <DateTimeField label="Ends" value={end} onChange={setEnd} hint={`In the store's time zone (${timeZone}).`} />}
        {endTooEarly && (
          <p className="bs-field__error" role="alert">
            The end comes after the start.
          </p>
        )}
      </div>
      <div className="bs-modal__actions">
        <button type="button" className="bs-button" onClick={onBack}>
          Back
        </button>
        <button type="button" className="bs-button bs-button--primary" disabled={endTooEarly} onClick={submit}>
          Schedule
        </button>
      </div>
    </>
  );
}

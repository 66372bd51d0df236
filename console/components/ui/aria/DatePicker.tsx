import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker as AriaDatePicker,
  DateRangePicker as AriaDateRangePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
  RangeCalendar,
  Text,
} from 'react-aria-components';

/** ISO day (YYYY-MM-DD) ↔ React Aria's calendar date. */
const toDate = (iso: string | null) => (iso ? parseDate(iso) : null);
const toIso = (date: CalendarDate | null) => (date ? date.toString() : null);

function CalendarHeader() {
  return (
    <header className="ls-calendar__head">
      <AriaButton slot="previous" className="ls-calendar__nav" aria-label="Previous month">
        ‹
      </AriaButton>
      <Heading />
      <AriaButton slot="next" className="ls-calendar__nav" aria-label="Next month">
        ›
      </AriaButton>
    </header>
  );
}

/** One day, typed segment by segment or picked in a calendar (React Aria). */
export function DatePicker({ label, value, onChange, hint }: { label: string; value: string | null; onChange: (iso: string | null) => void; hint?: string }) {
  return (
    <AriaDatePicker className="ls-field" value={toDate(value)} onChange={(date) => onChange(toIso(date))}>
      <Label className="ls-field__label">{label}</Label>
      <Group className="ls-date">
        <DateInput className="ls-date__input">{(segment) => <DateSegment segment={segment} className="ls-date__segment" />}</DateInput>
        <AriaButton className="ls-date__open" aria-label="Open calendar">
          ▾
        </AriaButton>
      </Group>
      {hint ? (
        <Text slot="description" className="ls-field__hint">
          {hint}
        </Text>
      ) : null}
      <Popover className="ls-popover">
        <Dialog className="ls-calendar">
          <Calendar>
            <CalendarHeader />
            <CalendarGrid>{(date) => <CalendarCell date={date} className="ls-calendar__cell" />}</CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </AriaDatePicker>
  );
}

export interface DateRange {
  from: string;
  to: string;
}

/** A period (analytics, exports): two days, typed or picked in one calendar. */
export function DateRangePicker({ label, value, onChange }: { label: string; value: DateRange | null; onChange: (range: DateRange | null) => void }) {
  return (
    <AriaDateRangePicker
      className="ls-field"
      value={value ? { start: parseDate(value.from), end: parseDate(value.to) } : null}
      onChange={(range) => onChange(range ? { from: range.start.toString(), to: range.end.toString() } : null)}
    >
      <Label className="ls-field__label">{label}</Label>
      <Group className="ls-date">
        <DateInput slot="start" className="ls-date__input">
          {(segment) => <DateSegment segment={segment} className="ls-date__segment" />}
        </DateInput>
        <span aria-hidden="true">–</span>
        <DateInput slot="end" className="ls-date__input">
          {(segment) => <DateSegment segment={segment} className="ls-date__segment" />}
        </DateInput>
        <AriaButton className="ls-date__open" aria-label="Open calendar">
          ▾
        </AriaButton>
      </Group>
      <Popover className="ls-popover">
        <Dialog className="ls-calendar">
          <RangeCalendar>
            <CalendarHeader />
            <CalendarGrid>{(date) => <CalendarCell date={date} className="ls-calendar__cell" />}</CalendarGrid>
          </RangeCalendar>
        </Dialog>
      </Popover>
    </AriaDateRangePicker>
  );
}

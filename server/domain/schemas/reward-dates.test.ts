import { describe, expect, it } from 'vitest';
import { calendarDayIn, rewardDateOf, storeTimeZone, yearlyRewardDate } from './reward-dates.ts';

describe('birthday and anniversary rewards: saved at least a month ahead, else next year (spec §5)', () => {
  const today = { year: 2026, month: 11, day: 22 }; // 22 November 2026
  it.each([
    ['2026-12-22', '2026-12-22', false, 'exactly one month ahead counts for this year'],
    ['1980-12-31', '2026-12-31', false, 'more than a month ahead'],
    ['1980-12-21', '2027-12-21', true, 'one day short of a month waits a year'],
    ['1980-11-30', '2027-11-30', true, 'next week waits a year'],
    ['1980-11-22', '2027-11-22', true, 'today waits a year'],
    // already past this calendar year: the next one is months away, no waiting
    ['1990-07-28', '2027-07-28', false, 'July seen in November: eight months away'],
    ['1990-03-01', '2027-03-01', false, 'earlier in the year is next year, without waiting'],
    ['1990-11-21', '2027-11-21', false, 'yesterday: a year away'],
  ])('%s → %s (waits: %s; %s)', (saved, rewardOn, waits) => {
    expect(rewardDateOf(saved, today)).toEqual({ rewardOn, waits });
  });

  it('a date in early next year within a month of a December day waits one more year', () => {
    expect(yearlyRewardDate({ month: 1, day: 10 }, { year: 2026, month: 12, day: 20 })).toEqual({ rewardOn: '2028-01-10', waits: true });
    expect(yearlyRewardDate({ month: 1, day: 20 }, { year: 2026, month: 12, day: 20 })).toEqual({ rewardOn: '2027-01-20', waits: false });
  });

  it('a month after 31 January is the end of February', () => {
    expect(yearlyRewardDate({ month: 2, day: 28 }, { year: 2026, month: 1, day: 31 }).waits).toBe(false);
    expect(yearlyRewardDate({ month: 2, day: 27 }, { year: 2026, month: 1, day: 31 }).waits).toBe(true);
  });

  it('the day is the store’s calendar day, whatever the time', () => {
    const late = new Date('2026-11-22T23:30:00Z');
    expect(calendarDayIn(late, 'UTC')).toEqual({ year: 2026, month: 11, day: 22 });
    expect(calendarDayIn(late, 'Europe/Paris')).toEqual({ year: 2026, month: 11, day: 23 });
    expect(calendarDayIn(late, 'America/Los_Angeles')).toEqual({ year: 2026, month: 11, day: 22 });
    expect(storeTimeZone({ time_zone: 'Europe/Paris' })).toBe('Europe/Paris');
    expect(storeTimeZone({ time_zone: 'Not/AZone' })).toBe('UTC');
    expect(storeTimeZone(undefined)).toBe('UTC');
  });
});

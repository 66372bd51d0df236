import { describe, expect, it } from 'vitest';
import { bandsAt, bandsOnDays } from './bands.ts';
import { chartCsv, chartRows } from './chart-data.ts';

const days = (first: number, count: number) => Array.from({ length: count }, (_, i) => new Date(Date.UTC(2026, 10, first + i)).toISOString().slice(0, 10));
const now = new Date('2026-11-10T12:00:00Z');

describe('periods shaded over a time chart', () => {
  it('places a period on the axis of daily buckets in proportion to the time inside each bucket', () => {
    // buckets 2026-11-01 … 2026-11-07: 11-02 06:00 is a quarter into bucket 1, 11-04 18:00 three quarters into bucket 3
    const [band] = bandsOnDays(days(1, 7), [{ label: 'Widget experiment', from: '2026-11-02T06:00:00Z', to: '2026-11-04T18:00:00Z' }], now);
    expect(band).toEqual({ label: 'Widget experiment', from: 1.25, to: 3.75, when: '2026-11-02 to 2026-11-04' });
    expect([0, 1, 2, 3, 4].map((i) => bandsAt([band!], i).length)).toEqual([0, 1, 1, 1, 0]);
  });

  it('clamps to the chart, runs a running period up to now, and leaves out periods outside the chart', () => {
    const bands = bandsOnDays(
      days(1, 7),
      [
        { label: 'Before', from: '2026-10-01T00:00:00Z', to: '2026-10-20T00:00:00Z' },
        { label: 'Across the start', from: '2026-10-25T00:00:00Z', to: '2026-11-02T12:00:00Z' },
        { label: 'Running', from: '2026-11-06T00:00:00Z', to: null },
      ],
      now,
    );
    expect(bands.map((band) => [band.label, band.from, band.to])).toEqual([
      ['Across the start', 0, 1.5],
      // still running on 11-10: past the last bucket (11-07, which ends 11-08)
      ['Running', 5, 7],
    ]);
    expect(bands[1]!.when).toBe('from 2026-11-06, still running');
  });

  it('follows weekly and monthly buckets, and draws nothing on an axis of categories', () => {
    const weeks = ['2026-10-26', '2026-11-02', '2026-11-09'];
    const [weekly] = bandsOnDays(weeks, [{ label: 'Sticky bar experiment', from: '2026-11-05T12:00:00Z', to: '2026-11-09T00:00:00Z' }], now);
    expect(weekly!.from).toBeCloseTo(1 + 3.5 / 7);
    expect(weekly!.to).toBe(2);
    const [monthly] = bandsOnDays(['2026-09-01', '2026-10-01', '2026-11-01'], [{ label: 'M', from: '2026-10-16T00:00:00Z', to: '2026-11-01T00:00:00Z' }], now);
    expect(monthly!.from).toBeCloseTo(1 + 15 / 31);
    expect(monthly!.to).toBe(2);
    expect(bandsOnDays(['Gold', 'Silver'], [{ label: 'M', from: '2026-10-16T00:00:00Z', to: null }], now)).toEqual([]);
  });

  it('names the bands over each bucket in the table view and the CSV', () => {
    const data = {
      x: days(1, 3),
      series: [{ label: 'New members', values: [1, 2, 3] }],
      bands: { title: 'Experiments', items: bandsOnDays(days(1, 3), [{ label: 'Landing page experiment', from: '2026-11-02T10:00:00Z', to: null }], now) },
    };
    expect(chartRows(data, 'Date').map((row) => row.Experiments)).toEqual(['', 'Landing page experiment', 'Landing page experiment']);
    expect(chartCsv(data, 'Date').split(/\r?\n/)).toEqual([
      'Date,New members,Experiments',
      '2026-11-01,1,',
      '2026-11-02,2,Landing page experiment',
      '2026-11-03,3,Landing page experiment',
    ]);
    // a chart without bands keeps its columns
    expect(Object.keys(chartRows({ ...data, bands: { title: 'Experiments', items: [] } }, 'Date')[0]!)).toEqual(['Date', 'New members']);
  });
});

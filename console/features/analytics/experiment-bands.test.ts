import { describe, expect, it } from 'vitest';
import type { Experiment } from '../../../server/contract/experiments.ts';
import { experimentBands, experimentPeriods } from './experiment-bands.ts';

const experiment = (kind: Experiment['kind'], started: string, ended: string | null) => ({ kind, started_at: started, ended_at: ended }) as Experiment;

describe('experiments on the analytics charts', () => {
  const periods = experimentPeriods([
    experiment('widget', '2026-11-05T09:00:00Z', null),
    experiment('landing_page', '2026-11-01T00:00:00Z', '2026-11-03T00:00:00Z'),
  ]);
  const x = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'];
  const now = new Date('2026-11-06T12:00:00Z');

  it('names each experiment by its surface, oldest first, from the experiments API answer', () => {
    expect(periods).toEqual([
      { label: 'Landing page experiment', from: '2026-11-01T00:00:00Z', to: '2026-11-03T00:00:00Z' },
      { label: 'Widget experiment', from: '2026-11-05T09:00:00Z', to: null },
    ]);
  });

  it('shades them on time charts only', () => {
    const bands = experimentBands({ kind: 'line', x }, periods, now);
    expect(bands?.title).toBe('Experiments');
    expect(bands?.items.map((band) => [band.label, band.from, band.to])).toEqual([
      ['Landing page experiment', 0, 2],
      ['Widget experiment', 4.375, 5.5],
    ]);
    expect(experimentBands({ kind: 'bar', x: ['Gold', 'Silver'] }, periods, now)).toBeUndefined();
    expect(experimentBands({ kind: 'line', x }, [], now)).toBeUndefined();
  });
});

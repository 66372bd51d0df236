import Papa from 'papaparse';
import { bandsAt, type ChartBand } from './bands.ts';

/** A chart's data: one label per point on the x axis, and the series drawn over them. */
export interface ChartData {
  x: string[];
  /** lines over the x labels (the default), or bars over categories */
  kind?: 'line' | 'bar';
  /** `dashed`: a comparison drawn beside the main series (e.g. the previous period) */
  series: { label: string; values: number[]; dashed?: boolean }[];
  /** periods shaded over the chart (`title` names them, e.g. "Experiments"); a column of the table when any overlaps */
  bands?: { title: string; items: ChartBand[] };
}

/** The chart's bands when it has any: their title and the bands. */
const bandsOf = (data: ChartData) => (data.bands && data.bands.items.length > 0 ? data.bands : undefined);

/** The rows of the chart's table view (and of its CSV): one per x label, with the bands over it when the chart has any. */
export function chartRows(data: ChartData, xLabel: string): Record<string, string | number>[] {
  const bands = bandsOf(data);
  return data.x.map((x, index) => ({
    [xLabel]: x,
    ...Object.fromEntries(data.series.map((s) => [s.label, s.values[index] ?? 0])),
    ...(bands && {
      [bands.title]: bandsAt(bands.items, index)
        .map((band) => band.label)
        .join(', '),
    }),
  }));
}

/** CSV of the chart's data, a header row first (fields quoted where needed). */
export function chartCsv(data: ChartData, xLabel: string): string {
  const rows = chartRows(data, xLabel);
  const fields = Object.keys(rows[0] ?? { [xLabel]: '' });
  return Papa.unparse({ fields, data: rows.map((row) => fields.map((field) => row[field])) });
}

/** Width of one character of the axis font (12px system sans), with room to spare. */
const AXIS_CHAR_PX = 7.5;
const AXIS_GAP_PX = 16;

/**
 * The least room, in CSS pixels, between two labels of the x axis: the longest label and a gap,
 * so 30 daily dates never run into each other ("2026-10-302026-11-01"); the axis then labels
 * every n-th day.
 */
export function xAxisSpace(labels: readonly string[]): number {
  const longest = labels.reduce((most, label) => Math.max(most, label.length), 0);
  return Math.max(50, Math.ceil(longest * AXIS_CHAR_PX) + AXIS_GAP_PX);
}

/** Whole-index steps for the x axis (labels sit on data points only). */
export const X_AXIS_STEPS = [1, 2, 3, 5, 7, 10, 14, 15, 20, 30, 50, 60, 90, 100, 180, 365, 500, 1000];

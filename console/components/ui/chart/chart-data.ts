import Papa from 'papaparse';

/** A chart's data: one label per point on the x axis, and the series drawn over them. */
export interface ChartData {
  x: string[];
  /** lines over the x labels (the default), or bars over categories */
  kind?: 'line' | 'bar';
  /** `dashed`: a comparison drawn beside the main series (e.g. the previous period) */
  series: { label: string; values: number[]; dashed?: boolean }[];
}

/** The rows of the chart's table view (and of its CSV): one per x label. */
export function chartRows(data: ChartData, xLabel: string): Record<string, string | number>[] {
  return data.x.map((x, index) => ({ [xLabel]: x, ...Object.fromEntries(data.series.map((s) => [s.label, s.values[index] ?? 0])) }));
}

/** CSV of the chart's data, a header row first (fields quoted where needed). */
export function chartCsv(data: ChartData, xLabel: string): string {
  return Papa.unparse({ fields: [xLabel, ...data.series.map((s) => s.label)], data: data.x.map((x, i) => [x, ...data.series.map((s) => s.values[i] ?? 0)]) });
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

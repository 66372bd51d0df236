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

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
// oxlint-disable-next-line import/no-unassigned-import -- uPlot's stylesheet is a side effect by nature
import 'uplot/dist/uPlot.min.css';
import type { ChartBand } from './bands.ts';
import { X_AXIS_STEPS, xAxisSpace, type ChartData } from './chart-data.ts';

const COLOURS = ['#047b5d', '#0060e7', '#b4531c', '#7a3fb0', '#5c6370'];
/** Axis values stay short: 12K, 1.2M. */
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

const BAND_FILL = 'rgba(122, 63, 176, 0.12)';
const BAND_EDGE = 'rgba(122, 63, 176, 0.6)';
const BAND_TEXT = '#5b2d86';

/** Shades each band over the plot, under the series, with its name at its top left. */
function drawBands(u: uPlot, bands: readonly ChartBand[]) {
  const { ctx, bbox } = u;
  const last = Math.max(0, (u.data[0]?.length ?? 1) - 1);
  ctx.save();
  ctx.beginPath();
  ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
  ctx.clip();
  bands.forEach((band, i) => {
    const left = u.valToPos(Math.min(band.from, last), 'x', true);
    const right = Math.max(left + 2 * devicePixelRatio, u.valToPos(Math.min(band.to, last), 'x', true));
    ctx.fillStyle = BAND_FILL;
    ctx.fillRect(left, bbox.top, right - left, bbox.height);
    ctx.fillStyle = BAND_EDGE;
    ctx.fillRect(left, bbox.top, devicePixelRatio, bbox.height);
    ctx.fillStyle = BAND_TEXT;
    ctx.font = `${11 * devicePixelRatio}px system-ui, sans-serif`;
    ctx.fillText(band.label, left + 4 * devicePixelRatio, bbox.top + (12 + 13 * i) * devicePixelRatio);
  });
  ctx.restore();
}

/** The chart itself, drawn by uPlot on a canvas; loaded only when a chart is first shown. */
export default function UPlotChart({ data, title, height = 240 }: { data: ChartData; title: string; height?: number }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const bars = data.kind === 'bar';
    // bars: one slot per category, the comparison drawn as a dashed outline over the same slot
    const barPaths = bars ? uPlot.paths.bars!({ size: [0.6, 80] }) : undefined;
    const colour = (i: number) => COLOURS[i % COLOURS.length]!;
    const chart = new uPlot(
      {
        title: undefined,
        width: element.clientWidth || 600,
        height,
        scales: {
          x: bars ? { time: false, range: () => [-0.5, data.x.length - 0.5] } : { time: false },
          ...(bars ? { y: { range: (_u, _min, max) => [0, max || 1] } } : {}),
        },
        legend: { live: false },
        ...(data.bands && data.bands.items.length > 0 && { hooks: { drawClear: [(u: uPlot) => drawBands(u, data.bands!.items)] } }),
        axes: [
          {
            values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? (data.x[tick] ?? '') : '')),
            // each label gets the room it needs: a 30-day chart labels every few days
            space: xAxisSpace(data.x),
            incrs: X_AXIS_STEPS,
            ...(bars ? { splits: () => data.x.map((_, i) => i) } : {}),
          },
          { size: 60, values: (_u, ticks) => ticks.map((tick) => compact.format(tick)) },
        ],
        series: [
          { label: title },
          ...data.series.map((s, i) => ({
            label: s.label,
            stroke: colour(i),
            width: 2,
            ...(s.dashed ? { dash: [6, 4] } : {}),
            ...(barPaths ? { paths: barPaths, points: { show: false }, ...(s.dashed ? {} : { fill: `${colour(i)}99` }) } : {}),
          })),
        ],
      },
      [data.x.map((_, i) => i), ...data.series.map((s) => s.values)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth || 600, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [data, title, height]);
  return <div ref={host} className="ls-chart" aria-hidden="true" />;
}

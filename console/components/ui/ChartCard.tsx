import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { chartCsv, chartRows, type ChartData } from './chart/chart-data.ts';

// uPlot (~50 KB) is fetched with the first chart shown, never in the console's entry chunk.
const UPlotChart = lazy(() => import('./chart/UPlotChart.tsx'));

/** Saves text as a file the browser downloads. */
function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}

/** A chart with its title, actions, a table view of the same numbers and their CSV. */
export function ChartCard({ title, data, xLabel = 'Date', actions }: { title: string; data: ChartData; xLabel?: string; actions?: ReactNode }) {
  const [asTable, setAsTable] = useState(false);
  const rows = chartRows(data, xLabel);
  const fileName = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.csv`;
  return (
    <section className="ls-card ls-chart-card" aria-label={title}>
      <header className="ls-chart-card__head">
        <h2>{title}</h2>
        <div className="ls-chart-card__actions">
          {actions}
          <Button aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
            Table view
          </Button>
          <Button onClick={() => download(fileName, chartCsv(data, xLabel))}>Download CSV</Button>
        </div>
      </header>
      {asTable || data.x.length === 0 ? (
        <table className="ls-chart-card__table">
          <caption className="ls-visually-hidden">{title}</caption>
          <thead>
            <tr>
              {Object.keys(rows[0] ?? { [xLabel]: '' }).map((key) => (
                <th key={key} scope="col">
                  {key}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {Object.values(row).map((value, j) => (
                  <td key={j}>{value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Suspense
          fallback={
            <div className="ls-chart" role="status">
              Loading chart…
            </div>
          }
        >
          <UPlotChart data={data} title={title} />
          <p className="ls-visually-hidden">{`${title}: ${data.series.map((s) => `${s.label} from ${s.values[0] ?? 0} to ${s.values.at(-1) ?? 0}`).join('; ')}. Use Table view for every value.`}</p>
        </Suspense>
      )}
      {data.bands && data.bands.items.length > 0 ? (
        <p className="ls-chart-card__bands">
          <span className="ls-chart-card__band-key" aria-hidden="true" />
          {`Shaded: ${data.bands.title.toLowerCase()} — ${data.bands.items.map((band) => `${band.label} (${band.when})`).join('; ')}`}
        </p>
      ) : null}
    </section>
  );
}

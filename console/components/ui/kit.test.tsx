// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfirmDialog } from './aria/ConfirmDialog.tsx';
import { chartCsv, chartRows } from './chart/chart-data.ts';
import { ChartCard } from './ChartCard.tsx';
import { JobProgress, useRememberedJob, type JobStatus } from './JobProgress.tsx';
import { Stat } from './Stat.tsx';
import { installAriaJsdomPolyfills } from '../../../tests/helpers/jsdom.ts';
import { readFileSync } from 'node:fs';

installAriaJsdomPolyfills();

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('ConfirmDialog', () => {
  function Harness({ onConfirm }: { onConfirm: () => void }) {
    const [open, setOpen] = useState(true);
    return (
      <ConfirmDialog open={open} title="Delete the rule?" confirmLabel="Delete" onConfirm={onConfirm} onCancel={() => setOpen(false)}>
        <p>It cannot be undone.</p>
      </ConfirmDialog>
    );
  }
  it('confirms only on its button; Cancel and Escape close it without acting', async () => {
    const confirm = vi.fn();
    render(<Harness onConfirm={confirm} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the rule?' });
    expect(dialog.textContent).toContain('It cannot be undone.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(confirm).not.toHaveBeenCalled();
    cleanup();
    render(<Harness onConfirm={confirm} />);
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    render(<Harness onConfirm={confirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});

/** The value the page's style sheets give `property` on `element` (the last matching rule wins; jsdom computes no layout). */
function declared(element: Element, property: string): string {
  let value = '';
  for (const sheet of Array.from(document.styleSheets))
    for (const rule of Array.from(sheet.cssRules))
      if (rule instanceof CSSStyleRule && element.matches(rule.selectorText))
        value = new RegExp(`[{;]\\s*${property}:\\s*([^;}]+)`).exec(rule.cssText)?.[1]?.trim() ?? value;
  return value;
}

describe('JobProgress', () => {
  function Job({ fetchStatus }: { fetchStatus: (id: string) => Promise<JobStatus> }) {
    const [id, remember] = useRememberedJob('import-job');
    return id ? (
      <JobProgress jobId={id} label="Order import" fetchStatus={fetchStatus} pollMs={10} onDismiss={() => remember(null)} />
    ) : (
      <button type="button" onClick={() => remember('42')}>
        Start
      </button>
    );
  }
  const mount = (fetchStatus: (id: string) => Promise<JobStatus>) =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Job fetchStatus={fetchStatus} />
      </QueryClientProvider>,
    );

  it('polls the job until it is done, with its progress, and picks it up again after a reload', async () => {
    let processed = 0;
    const fetchStatus = vi.fn(async (id: string) => {
      expect(id).toBe('42');
      processed = Math.min(processed + 50, 200);
      return { status: processed < 200 ? 'running' : 'done', processed, total: 200 };
    });
    mount(fetchStatus);
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByText(/of 200/);
    cleanup(); // a reload: the id is remembered
    mount(fetchStatus);
    await screen.findByText('Done');
    expect(screen.getByRole('progressbar', { name: 'Order import' }).getAttribute('aria-valuenow')).toBe('100');
    const calls = fetchStatus.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchStatus.mock.calls.length).toBe(calls); // no polling once done
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(sessionStorage.getItem('import-job')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
  });

  it('a finished job is dismissed with a small kit button sized to its word, not a bar across the card', async () => {
    const style = document.head.appendChild(document.createElement('style'));
    style.textContent = ['ui.css', 'kit.css'].map((file) => readFileSync(new URL(file, import.meta.url), 'utf8')).join('\n');
    sessionStorage.setItem('import-job', '42');
    mount(async () => ({ status: 'done', processed: 10, total: 10 }));
    const dismiss = await screen.findByRole('button', { name: 'Dismiss' });
    expect(dismiss.classList.contains('ls-button')).toBe(true);
    expect(dismiss.classList.contains('ls-button--small')).toBe(true);
    // the card lays its parts out on a grid: the button keeps its own width at the start of its row
    expect(declared(dismiss, 'justify-self')).toBe('start');
    expect(declared(dismiss, 'display')).toBe('inline-flex');
    style.remove();
  });

  it("shows a failed job's error", async () => {
    sessionStorage.setItem('import-job', '42');
    mount(async () => ({ status: 'failed', processed: 3, total: 10, error: 'Row 4: no customer e-mail.' }));
    await screen.findByText('Row 4: no customer e-mail.');
    expect(screen.getByText('Failed')).toBeTruthy();
  });
});

describe('Stat and ChartCard', () => {
  it('a stat says its change in words and with a sign', () => {
    render(
      <dl>
        <Stat label="Members" value={1200} previous={1000} />
      </dl>,
    );
    expect(screen.getByText('+200 (20%)')).toBeTruthy();
    expect(screen.getByText('up 200 (20%) on the previous period')).toBeTruthy();
  });

  it('a stat against a previous period near zero says "new" or "over 999%", never a percentage in the thousands', () => {
    render(
      <dl>
        <Stat label="Members joined" value={100000} previous={27} />
        <Stat label="Orders" value={12} previous={0} />
        <Stat label="Redeemed" value={0} previous={0} />
      </dl>,
    );
    expect(screen.getByText('+99,973 (>999%)')).toBeTruthy();
    expect(screen.getByText('up 99,973 (over 999%) on the previous period')).toBeTruthy();
    expect(screen.getByText('+12 (new)')).toBeTruthy();
    expect(screen.getByText('up 12 (new, none in the previous period) on the previous period')).toBeTruthy();
    expect(screen.getByText('no change')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\d{4,}%/);
  });

  it('a chart has a table view and its CSV', () => {
    const data = {
      x: ['2026-11-01', '2026-11-02'],
      series: [
        { label: 'Issued', values: [10, 20] },
        { label: 'Redeemed, net', values: [5, 0] },
      ],
    };
    expect(chartRows(data, 'Date')).toEqual([
      { Date: '2026-11-01', Issued: 10, 'Redeemed, net': 5 },
      { Date: '2026-11-02', Issued: 20, 'Redeemed, net': 0 },
    ]);
    expect(chartCsv(data, 'Date').split(/\r?\n/)).toEqual(['Date,Issued,"Redeemed, net"', '2026-11-01,10,5', '2026-11-02,20,0']);
    render(<ChartCard title="Points" data={data} />);
    fireEvent.click(screen.getByRole('button', { name: 'Table view' }));
    expect(screen.getByRole('table', { name: 'Points' })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('a chart with shaded periods names them under the chart and in a column of its table', () => {
    const data = {
      x: ['2026-11-01', '2026-11-02'],
      series: [{ label: 'New members', values: [3, 4] }],
      bands: { title: 'Experiments', items: [{ label: 'Widget experiment', from: 1, to: 2, when: 'from 2026-11-02, still running' }] },
    };
    render(<ChartCard title="New members" data={data} />);
    expect(screen.getByText('Shaded: experiments — Widget experiment (from 2026-11-02, still running)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Table view' }));
    expect(screen.getByRole('columnheader', { name: 'Experiments' })).toBeTruthy();
    expect(screen.getAllByRole('cell', { name: 'Widget experiment' })).toHaveLength(1);
  });
});

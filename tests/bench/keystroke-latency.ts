/**
 * One harness for keystroke → canvas-paint latency, whatever the editor (our studio, Puck):
 * the same keystrokes at the same pace into the focused field, and the same paint detection.
 * Switching a preview option (a radio group of the studio, such as its Language) is measured by
 * the same probe, from the click to the first painted frame whose canvas shows that option.
 *
 * A keystroke's latency runs from its keydown's timeStamp to the end of the first frame whose
 * canvas (the editor's iframe) contains the new text. The text is read in rAF callbacks (the last
 * script before style, layout and paint, so that DOM is what the frame paints): in the first frame
 * after the keydown, and in the frame after each change of the canvas that shows the text (a
 * MutationObserver asks for it). Once the text is there, a user-blocking task posted from that
 * callback stamps the time: it runs as soon as the frame has painted, ahead of ordinary tasks. Work the editor defers (a debounce,
 * a transition) shows up as a later frame, so nothing an editor does is hidden.
 *
 * Frames come at 60 Hz, so that latency includes waiting for the next vsync (0–16.7 ms no code
 * can remove). The same run also gives the latency without that wait: the editor's last script
 * for the keystroke ends when the text has landed in the canvas DOM (the MutationObserver's
 * callback, a microtask right after the script that changed it) and the input event's dispatch
 * has finished (our listener on window, the last one on the event's path); if the painting frame's
 * vsync (its rAF timestamp) is later than that, the main thread sat idle in between, and only that
 * idle wait is subtracted. When the frame was due before the script ended, nothing is subtracted
 * (conservative: the scheduling delay of the frame itself stays in). Chromium runs the frame after
 * an input before ordinary tasks, so tasks an editor posts meanwhile would not delay a frame
 * without the vsync either. What remains is the editor's work plus the browser's render of it,
 * the quantity a profiler reports.
 *
 * Why not let Chromium skip the vsync instead: headless Chromium keeps its 60 Hz begin-frame
 * clock under --disable-frame-rate-limit and --disable-gpu-vsync; adding
 * --run-all-compositor-stages-before-draw does make frames run back to back (a rAF loop reaches
 * ~250–600 fps, and the text still shows), but the compositor then produces frames nonstop, even
 * for a blank static page: ~1.8 cores of CPU (GPU, browser and renderer processes) on this
 * 2-core machine, which made every latency larger and noisier than at 60 Hz.
 */
import { chromium, type Browser, type Page } from '@playwright/test';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
}

/** What of the canvas shows a change: each part's text (or the attribute named), joined by newlines. */
export type CanvasReading = { selector: string; attribute?: string }[];

export interface TypingOptions {
  /** the canvas iframe, in the page */
  frame: string;
  /** the element in the canvas showing the typed text */
  text: string;
  keystrokes: number;
  /** pause between keystrokes */
  delayMs: number;
}

export interface TypingResult {
  /** keydown → end of the first painted frame showing the text (60 Hz frames), ms, per keystroke shown */
  latencies: number[];
  /** the same keystrokes without the idle wait for the vsync: the editor's work plus the render */
  withoutVsyncWait: number[];
  /** where the time goes: keydown → the text is in the canvas DOM (the editor's work), ms */
  toDom: number[];
  /** … and the painting frame: its start (vsync, or the end of the editor's script if later) → painted, ms */
  render: number[];
  /** keystrokes whose change was in the very next frame after their keydown */
  inNextFrame: number;
  /** keystrokes whose text never showed (1 s after the last one) */
  missed: number;
  /** synchronous input handling: the input event's timeStamp → it reaches window (all handlers run) */
  handlers: number[];
}

type Probe = Omit<TypingResult, 'missed'>;

/** The probe installed in the page: `expect` starts one change, from its input event's timeStamp. */
interface ProbeWindow {
  paintProbe: { expect(expected: string, start: number): void; read(): string };
  paintProbeResult: Probe;
  paintProbePending: { done: boolean }[];
}

/**
 * Installs the paint probe in the page: a change started by `expect(reading, start)` ends with the
 * first painted frame whose canvas reads as `reading` (or a longer reading it starts); the end of
 * the `handled` event's dispatch (on window, the last listener on its path) ends the editor's
 * synchronous handling of the input.
 */
async function installPaintProbe(page: Page, options: { frame: string; read: CanvasReading; handled: string }): Promise<void> {
  // tsx (esbuild, keepNames) wraps named functions in `__name(…)`, which the page does not define
  await page.evaluate('globalThis.__name = (f) => f');
  await page.evaluate(({ frame, read, handled }) => {
    interface Change {
      start: number;
      expected: string;
      done: boolean;
      inDom?: number;
      inputDone?: number;
    }
    const probe: Probe = { latencies: [], withoutVsyncWait: [], toDom: [], render: [], inNextFrame: 0, handlers: [] };
    const pending: Change[] = [];
    const canvas = document.querySelector<HTMLIFrameElement>(frame)!.contentDocument!;
    const shown = () =>
      read
        .map(({ selector, attribute }) => {
          const element = canvas.querySelector(selector);
          return (attribute ? element?.getAttribute(attribute) : element?.textContent) ?? '';
        })
        .join('\n');
    /**
     * Runs `then` in the first task after the current frame's rendering: a user-blocking task goes
     * ahead of the ordinary tasks queued meanwhile (effects, timers), which are not part of the paint.
     */
    const afterPaint = (then: () => void) => {
      const { scheduler } = window as unknown as { scheduler?: { postTask(task: () => void, options: { priority: string }): Promise<void> } };
      if (scheduler) {
        void scheduler.postTask(then, { priority: 'user-blocking' });
        return;
      }
      const channel = new MessageChannel();
      channel.port1.addEventListener('message', then);
      channel.port1.start();
      channel.port2.postMessage(null);
    };
    /** In a rAF callback: the changes this frame paints end when it has painted. */
    const settle = (frameStart: number) => {
      const painted = pending.filter((k) => !k.done && shown().startsWith(k.expected));
      if (painted.length === 0) return;
      for (const k of painted) k.done = true;
      afterPaint(() => {
        const now = performance.now();
        for (const k of painted) {
          probe.latencies.push(now - k.start);
          const lastScript = Math.max(k.inDom ?? frameStart, k.inputDone ?? 0);
          const vsyncWait = Math.max(0, frameStart - lastScript);
          probe.withoutVsyncWait.push(now - k.start - vsyncWait);
          if (k.inDom !== undefined) probe.toDom.push(k.inDom - k.start);
          probe.render.push(now - Math.max(frameStart, lastScript));
        }
      });
    };
    // no rAF loop: the frame after the input, then the frame after each change of the canvas
    // that shows a pending change
    let requested = false;
    new MutationObserver(() => {
      const landed = pending.filter((k) => k.inDom === undefined && shown().startsWith(k.expected));
      if (landed.length === 0) return;
      const now = performance.now();
      for (const k of landed) k.inDom = now;
      if (requested) return;
      requested = true;
      requestAnimationFrame((frameStart) => {
        requested = false;
        settle(frameStart);
      });
    }).observe(canvas.documentElement, { subtree: true, childList: true, characterData: true, attributes: read.some((part) => part.attribute) });
    window.addEventListener(handled, (event) => {
      const now = performance.now();
      probe.handlers.push(now - event.timeStamp);
      const change = pending.at(-1);
      if (change && change.inputDone === undefined) change.inputDone = now;
    });
    const expect = (expected: string, start: number) => {
      const change: Change = { start, expected, done: false };
      pending.push(change);
      requestAnimationFrame((frameStart) => {
        if (shown().startsWith(change.expected)) probe.inNextFrame++;
        settle(frameStart);
      });
    };
    Object.assign(window, { paintProbe: { expect, read: shown }, paintProbeResult: probe, paintProbePending: pending });
  }, options);
}

/** The probe's figures, once the last change had time to show. */
async function probeResult(page: Page): Promise<TypingResult> {
  await page.waitForTimeout(1000);
  return page.evaluate(() => {
    const { paintProbeResult, paintProbePending } = window as unknown as ProbeWindow;
    return { ...paintProbeResult, missed: paintProbePending.filter((k) => !k.done).length };
  });
}

/** Types into the page's focused field and measures every keystroke; the caret must be at the end. */
export async function measureTyping(page: Page, options: TypingOptions): Promise<TypingResult> {
  await installPaintProbe(page, { frame: options.frame, read: [{ selector: options.text }], handled: 'input' });
  await page.evaluate(() => {
    const input = document.activeElement as HTMLInputElement;
    const { paintProbe } = window as unknown as ProbeWindow;
    input.addEventListener('keydown', (event) => paintProbe.expect(input.value + event.key, event.timeStamp), { capture: true });
  });
  for (let i = 0; i < options.keystrokes; i++) await page.keyboard.type(i % 10 === 9 ? ' ' : 'abcdefghi'[i % 10]!, { delay: options.delayMs });
  return probeResult(page);
}

export interface SwitchOptions {
  /** the canvas iframe, in the page */
  frame: string;
  /** the accessible name of the radio group switched (its options are labels around radios) */
  group: string;
  /** what of the canvas shows which option is chosen */
  read: CanvasReading;
  /** switches, going round the options from the one after the chosen one */
  switches: number;
  /** pause after each switch */
  delayMs: number;
}

export interface SwitchResult extends TypingResult {
  /** the canvas's reading with each option chosen, taken by one unmeasured round first */
  readings: Record<string, string>;
}

/**
 * Clicks the options of a radio group in turn and measures each switch, from the click to the
 * end of the first painted frame whose canvas reads as it did with that option chosen (a first,
 * unmeasured round of the options takes those readings).
 */
export async function measureSwitches(page: Page, options: SwitchOptions): Promise<SwitchResult> {
  const group = page.getByRole('radiogroup', { name: options.group, exact: true });
  const values = await group.locator('input[type="radio"]').evaluateAll((radios) => (radios as HTMLInputElement[]).map((radio) => radio.value));
  const chosen = await group.locator('input[type="radio"]:checked').inputValue();
  const order = values.map((_, i) => values[(values.indexOf(chosen) + 1 + i) % values.length]!);
  const option = (value: string) => group.locator('label').filter({ has: page.locator(`input[value="${value}"]`) });
  await installPaintProbe(page, { frame: options.frame, read: options.read, handled: 'change' });
  const readings: Record<string, string> = {};
  for (const value of order) {
    await option(value).click();
    await page.waitForTimeout(options.delayMs);
    readings[value] = await page.evaluate(() => (window as unknown as ProbeWindow).paintProbe.read());
  }
  if (new Set(Object.values(readings)).size !== values.length)
    throw new Error(`The canvas reads the same for two options of ${options.group}: ${JSON.stringify(readings)}`);
  await page.evaluate(
    ({ name, shows }) => {
      const { paintProbe, paintProbeResult } = window as unknown as ProbeWindow;
      // the unmeasured round's handlers are not part of the figures
      paintProbeResult.handlers.length = 0;
      const radios = [...document.querySelectorAll('[role="radiogroup"]')].find((element) => element.getAttribute('aria-label') === name)!;
      radios.addEventListener(
        'click',
        (event) => {
          // the label's own click (trusted), not the one it forwards to its radio
          const radio = event.isTrusted ? (event.target as Element).closest('label')?.querySelector('input') : null;
          if (radio && !radio.checked) paintProbe.expect(shows[radio.value]!, event.timeStamp);
        },
        { capture: true },
      );
    },
    { name: options.group, shows: readings },
  );
  for (let i = 0; i < options.switches; i++) {
    await option(order[i % order.length]!).click();
    await page.waitForTimeout(options.delayMs);
  }
  return { ...(await probeResult(page)), readings };
}

export interface SwitchCpu {
  /** the renderer's main thread, per switch: its CPU time (thread time) from the click to the frame that painted, ms */
  total: number[];
  /** … of which style, layout and paint */
  render: number[];
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

const RENDER_STEPS = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize']);

/**
 * The CPU time of switches, which the machine's other load leaves as it is: Chromium's trace of
 * `switches` more clicks round the options gives, per switch, the thread time of the renderer's
 * main-thread tasks from the task of the click to the first task that paints after it.
 */
export async function measureSwitchCpu(page: Page, options: Pick<SwitchOptions, 'group' | 'switches' | 'delayMs'>): Promise<SwitchCpu> {
  const browser = page.context().browser()!;
  const labels = page.getByRole('radiogroup', { name: options.group, exact: true }).locator('label');
  const count = await labels.count();
  const chosen = await labels.evaluateAll((all) => all.findIndex((label) => label.querySelector('input')?.checked));
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  for (let i = 1; i <= options.switches; i++) {
    await labels.nth((chosen + i) % count).click();
    await page.waitForTimeout(options.delayMs);
  }
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const mainThreads = new Set(traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const clicks = traceEvents.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click' && mainThreads.has(`${e.pid}:${e.tid}`));
  const thread = clicks[0] ? `${clicks[0].pid}:${clicks[0].tid}` : '';
  const events = traceEvents.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === thread).sort((a, b) => a.ts - b.ts);
  const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
  const within = (outer: TraceEvent, e: TraceEvent) => e !== outer && e.ts >= outer.ts && end(e) <= end(outer);
  const runTasks = events.filter((e) => e.name === 'RunTask');
  // a nested message loop runs tasks inside a task: count the outer one only
  const tasks = runTasks.filter((task) => !runTasks.some((outer) => within(outer, task)));
  const result: SwitchCpu = { total: [], render: [] };
  const starts = tasks.filter((task) => clicks.some((click) => within(task, click)));
  for (const [index, start] of starts.entries()) {
    const next = starts[index + 1]?.ts ?? Infinity;
    const painted = tasks.find((task) => task.ts >= start.ts && task.ts < next && events.some((e) => e.name === 'Paint' && within(task, e)));
    if (!painted) continue;
    const span = tasks.filter((task) => task.ts >= start.ts && end(task) <= end(painted));
    const time = (list: TraceEvent[]) => list.reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) / 1000;
    result.total.push(time(span));
    result.render.push(time(events.filter((e) => RENDER_STEPS.has(e.name) && e.ts >= start.ts && end(e) <= end(painted))));
  }
  return result;
}

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * One harness for keystroke → canvas-paint latency, whatever the editor (our studio, Puck):
 * the same keystrokes at the same pace into the focused field, and the same paint detection.
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

/** Types into the page's focused field and measures every keystroke; the caret must be at the end. */
export async function measureTyping(page: Page, options: TypingOptions): Promise<TypingResult> {
  // tsx (esbuild, keepNames) wraps named functions in `__name(…)`, which the page does not define
  await page.evaluate('globalThis.__name = (f) => f');
  await page.evaluate(
    ({ frame, text }) => {
      interface Keystroke {
        start: number;
        expected: string;
        done: boolean;
        inDom?: number;
        inputDone?: number;
      }
      const probe: Probe = { latencies: [], withoutVsyncWait: [], toDom: [], render: [], inNextFrame: 0, handlers: [] };
      const pending: Keystroke[] = [];
      Object.assign(window, { keystrokeProbe: probe, keystrokesPending: pending });
      const input = document.activeElement as HTMLInputElement;
      const canvas = document.querySelector<HTMLIFrameElement>(frame)!.contentDocument!;
      const shown = () => canvas.querySelector(text)?.textContent ?? '';
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
      /** In a rAF callback: the keystrokes whose text this frame paints end when it has painted. */
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
      // no rAF loop: the frame after the keydown, then the frame after each change of the canvas
      // that shows a pending keystroke's text
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
      }).observe(canvas.documentElement, { subtree: true, childList: true, characterData: true });
      window.addEventListener('input', (event) => {
        const now = performance.now();
        probe.handlers.push(now - event.timeStamp);
        const keystroke = pending.at(-1);
        if (keystroke && keystroke.inputDone === undefined) keystroke.inputDone = now;
      });
      input.addEventListener(
        'keydown',
        (event) => {
          const keystroke: Keystroke = { start: event.timeStamp, expected: input.value + event.key, done: false };
          pending.push(keystroke);
          requestAnimationFrame((frameStart) => {
            if (shown().startsWith(keystroke.expected)) probe.inNextFrame++;
            settle(frameStart);
          });
        },
        { capture: true },
      );
    },
    { frame: options.frame, text: options.text },
  );
  for (let i = 0; i < options.keystrokes; i++) await page.keyboard.type(i % 10 === 9 ? ' ' : 'abcdefghi'[i % 10]!, { delay: options.delayMs });
  await page.waitForTimeout(1000);
  return page.evaluate(() => {
    const { keystrokeProbe, keystrokesPending } = window as unknown as { keystrokeProbe: Probe; keystrokesPending: { done: boolean }[] };
    return { ...keystrokeProbe, missed: keystrokesPending.filter((k) => !k.done).length };
  });
}

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

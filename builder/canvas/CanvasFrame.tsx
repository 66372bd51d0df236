/**
 * The canvas: an iframe titled `Preview` in a region `Canvas`. The renderers' stylesheet is
 * injected into the frame's own document by a component rendered inside the frame (the `head`
 * prop would see the host document, NOTES.md), and the frame is shown only once it is styled.
 * The frame is as wide as the device, so the renderers' real media queries apply, and it is
 * scaled down to fit the space available.
 */
import FrameComponent, { useFrame } from 'react-frame-component';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { Device } from '../../renderers/contract/index.ts';

export const DEVICE_WIDTHS: Record<Device, number> = { desktop: 1280, mobile: 390 };

const INITIAL_CONTENT =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0;background:#fff"><div id="canvas-root"></div></body></html>';

/** Puts `css` into the frame document's head (one element per id) and reports the document. */
export function FrameStyles({ css, id, onReady }: { css: string; id: string; onReady?: ((doc: Document) => void) | undefined }) {
  const { document: frameDocument } = useFrame();
  useLayoutEffect(() => {
    if (!frameDocument) return;
    let style = frameDocument.getElementById(id);
    if (!style) {
      style = frameDocument.createElement('style');
      style.id = id;
      frameDocument.head.appendChild(style);
    }
    if (style.textContent !== css) style.textContent = css;
    onReady?.(frameDocument);
  }, [frameDocument, css, id, onReady]);
  return null;
}

export interface CanvasFrameProps {
  device: Device;
  /** the renderers' stylesheet (theme rules + structure) */
  stylesheet: string;
  /** builder-only decoration (selection and hover outlines) */
  decoration?: string;
  /** called with the frame document once it is styled (keyboard shortcuts inside the frame) */
  onFrameDocument?: (doc: Document) => void;
  children: ReactNode;
}

function useFitScale(width: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setBox({ width: element.clientWidth, height: element.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const available = Math.max(0, box.width - 32);
  const scale = available > 0 ? Math.min(1, available / width) : 1;
  return { ref, scale, height: box.height };
}

export function CanvasFrame({ device, stylesheet, decoration = '', onFrameDocument, children }: CanvasFrameProps) {
  const width = DEVICE_WIDTHS[device];
  const { ref, scale, height } = useFitScale(width);
  const [ready, setReady] = useState(false);
  const markReady = useCallback(
    (doc: Document) => {
      setReady(true);
      onFrameDocument?.(doc);
    },
    [onFrameDocument],
  );
  const frameHeight = Math.max(480, (height - 32) / scale);
  return (
    <div ref={ref} role="region" aria-label="Canvas" className="bs-canvas" data-device={device} data-ready={ready ? '' : undefined} aria-busy={!ready}>
      <div className="bs-canvas__stage" style={{ width: width * scale, height: frameHeight * scale }}>
        <FrameComponent
          title="Preview"
          initialContent={INITIAL_CONTENT}
          mountTarget="#canvas-root"
          className="bs-canvas__frame"
          style={{ width, height: frameHeight, transform: `scale(${scale})`, visibility: ready ? 'visible' : 'hidden' }}
        >
          <FrameStyles id="ls-renderer-styles" css={stylesheet} onReady={markReady} />
          <FrameStyles id="ls-builder-decoration" css={decoration} />
          {children}
        </FrameComponent>
      </div>
    </div>
  );
}

/** A small, inert preview: a surface drawn by the renderers in its own styled frame, scaled down. */
import FrameComponent from 'react-frame-component';
import { useState, type ReactNode } from 'react';
import { FrameStyles } from './CanvasFrame.tsx';

const INITIAL =
  '<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0;background:#fff"><div id="thumb-root"></div></body></html>';

export function ThumbnailFrame({
  title,
  width,
  height,
  scale,
  stylesheet,
  children,
}: {
  title: string;
  width: number;
  height: number;
  scale: number;
  stylesheet: string;
  children: ReactNode;
}) {
  const [ready, setReady] = useState(false);
  const [markReady] = useState(() => () => setReady(true));
  return (
    <FrameComponent
      title={title}
      tabIndex={-1}
      aria-hidden="true"
      initialContent={INITIAL}
      mountTarget="#thumb-root"
      style={{ width, height, transform: `scale(${scale})`, visibility: ready ? 'visible' : 'hidden' }}
    >
      <FrameStyles id="ls-renderer-styles" css={stylesheet} onReady={markReady} />
      {children}
    </FrameComponent>
  );
}

/**
 * Reading the bootstrap payload. The server validated every document when it was saved and
 * migrates it when read, so the embed only checks the shape it relies on (zod would not fit
 * the loader's budget): a surface whose document is missing or malformed is not shown.
 */
import type { Device, StorefrontPayload } from '../context.ts';
import type { Launcher, StickyBar } from '../contract/index.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function isPayload(value: unknown): value is StorefrontPayload {
  return (
    isObject(value) &&
    typeof value.storeKey === 'string' &&
    isObject(value.documents) &&
    isObject(value.program) &&
    isObject(value.themes) &&
    isObject(value.messages)
  );
}

/** The launcher, when there is both a launcher and a widget for it to open. */
export function launcherOf(payload: StorefrontPayload): Launcher | undefined {
  const { launcher, widget } = payload.documents;
  return isObject(launcher) && isObject(launcher.desktop) && isObject(launcher.mobile) && isObject(widget) && isObject(widget.panels)
    ? (launcher as unknown as Launcher)
    : undefined;
}

/** The sticky bar, when one is published. */
export function stickyBarOf(payload: StorefrontPayload): StickyBar | undefined {
  const { stickyBar } = payload.documents;
  return isObject(stickyBar) && isObject(stickyBar.bar) && isObject(stickyBar.drawer) ? (stickyBar as unknown as StickyBar) : undefined;
}

/** The widget opens on the launcher's side of the screen. */
export function launcherPlacement(payload: StorefrontPayload, device: Device): 'left' | 'right' {
  return launcherOf(payload)?.[device].placement === 'right' ? 'right' : 'left';
}

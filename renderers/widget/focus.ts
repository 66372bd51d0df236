/** Focus helpers of the widget dialog: the focusable elements inside a container, and a Tab trap. */
const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"]),details>summary';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden],[inert]'));
}

/** Keeps Tab and Shift+Tab inside `container`; returns true when it moved focus itself. */
export function trapTab(event: { key: string; shiftKey: boolean; preventDefault(): void }, container: HTMLElement): boolean {
  if (event.key !== 'Tab') return false;
  const items = focusableIn(container);
  // The root node's active element: inside a shadow root (the storefront embed) the document's
  // active element is only the shadow host.
  const active = (container.getRootNode() as Document | ShadowRoot).activeElement as HTMLElement | null;
  if (items.length === 0) {
    event.preventDefault();
    container.focus();
    return true;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const inside = active !== null && container.contains(active);
  if (event.shiftKey && (active === first || active === container || !inside)) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}

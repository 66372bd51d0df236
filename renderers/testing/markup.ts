/**
 * Markup comparison of the renderers' tests: the React drawing of a surface and the storefront
 * loader's DOM drawing must be the same elements, whatever the serialisation.
 */

/**
 * Tag, attributes, custom properties and children of an element, independent of serialisation.
 * `ids`: generated ids (React's `useId`, the loader's counter) → a stable name, in any attribute.
 */
export function canonical(node: Node, ids: Record<string, string> = {}): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  const element = node as Element;
  const attributes = [...element.attributes]
    .filter((a) => a.name !== 'style')
    .map((a) => `${a.name}=${ids[a.value] ?? a.value}`)
    .sort();
  const style = (element as HTMLElement).style;
  const properties = style
    ? Array.from({ length: style.length }, (_, i) => style.item(i))
        .map((p) => `${p}:${style.getPropertyValue(p).trim()}`)
        .sort()
    : [];
  return { tag: element.tagName.toLowerCase(), attributes, properties, children: [...element.childNodes].map((child) => canonical(child, ids)) };
}

/** The first element of an HTML string (e.g. `renderToStaticMarkup`'s output). */
export function fromMarkup(markup: string): Element {
  const template = document.createElement('template');
  template.innerHTML = markup;
  return template.content.firstElementChild!;
}

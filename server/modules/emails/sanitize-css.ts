import { parse, type Container, type Root } from 'postcss';

/** At-rules an email's stylesheet keeps (responsive layout, fonts, animation); `@import` and the rest go. */
const KEPT_AT_RULES = new Set(['media', 'supports', 'font-face', 'keyframes', '-webkit-keyframes']);
/** Properties that run code in some client (old IE's `behavior`, Firefox's XBL binding). */
const ACTIVE_PROPERTIES = /^(-ms-)?behavior$|binding$/;
/** What makes a value active or lets it load a non-web resource. */
const ACTIVE_VALUE = /expression\s*\(|javascript:|vbscript:|livescript:|data:|-moz-binding|@import/;
/** The largest code point (CSS escapes beyond it stand for U+FFFD). */
const MAX_CODE_POINT = 0x10ffff;

/** The text as a CSS engine reads it: comments gone, escapes decoded, lower case. */
function asRead(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})[ \t\n\r\f]?/gi, (_escape, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return String.fromCodePoint(code === 0 || code > MAX_CODE_POINT || (code >= 0xd800 && code <= 0xdfff) ? 0xfffd : code);
    })
    .replace(/\\([\s\S])/g, '$1')
    .toLowerCase();
}

/** Whether a declaration is inert: no script, no binding, and `url()` only to web or attached (`cid:`) resources. */
function safeDeclaration(property: string, value: string): boolean {
  const read = asRead(value);
  if (ACTIVE_PROPERTIES.test(asRead(property).trim()) || ACTIVE_VALUE.test(read)) return false;
  for (const match of read.matchAll(/url\s*\(\s*(['"]?)\s*([^'")\s]*)/g)) {
    if (!/^(https?:\/\/|cid:)/.test(match[2]!)) return false;
  }
  return true;
}

/** Keeps the inert part of a parsed stylesheet: kept at-rules, safe declarations, no comments. */
function keepInert(container: Container): void {
  container.each((node) => {
    if (node.type === 'comment') node.remove();
    else if (node.type === 'atrule') {
      if (!KEPT_AT_RULES.has(asRead(node.name)) || ACTIVE_VALUE.test(asRead(node.params))) node.remove();
      else keepInert(node);
    } else if (node.type === 'rule') keepInert(node);
    else if (node.type === 'decl') {
      if (!safeDeclaration(node.prop, node.raws.value?.raw ?? node.value)) node.remove();
      else delete node.raws.value; // written from its value (comments inside it dropped)
    }
  });
}

/** A `<` would end the raw text of a `<style>` element: written as its CSS escape, which means the same in CSS. */
const inStyleElement = (css: string) => css.replaceAll('<', '\\3c ');

const parsed = (css: string): Root | null => {
  try {
    return parse(css);
  } catch {
    return null;
  }
};

/**
 * The contents of an email's `<style>` element, sanitised as CSS: parsed, only inert rules kept
 * (see keepInert), and written so nothing in it can end the element. A stylesheet that does not
 * parse is dropped whole.
 */
export function sanitizeStyleSheet(css: string): string {
  const root = parsed(css);
  if (!root) return '';
  keepInert(root);
  return inStyleElement(root.toString().trim());
}

/** A `style` attribute's declarations, the unsafe ones dropped (an attribute that does not parse is dropped). */
export function sanitizeStyleAttribute(style: string): string {
  const root = parsed(`x{${style}}`);
  const rule = root?.first;
  if (!root || root.nodes.length !== 1 || rule?.type !== 'rule') return '';
  keepInert(rule);
  return rule.nodes.map((node) => node.toString()).join('; ');
}

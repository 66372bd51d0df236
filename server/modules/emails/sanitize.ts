import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { sanitizeStyleAttribute, sanitizeStyleSheet } from './sanitize-css.ts';

/**
 * The text of every `<style>` element, in document order, as the sanitiser's own parser
 * (htmlparser2) reads it: raw text up to the closing tag.
 */
function styleSheetsOf(html: string): string[] {
  const sheets: string[] = [];
  let depth = 0;
  const parser = new Parser({
    onopentagname: (name) => {
      if (name === 'style') {
        depth += 1;
        if (depth === 1) sheets.push('');
      }
    },
    onclosetag: (name) => {
      if (name === 'style' && depth > 0) depth -= 1;
    },
    ontext: (text) => {
      if (depth > 0) sheets[sheets.length - 1] += text;
    },
  });
  parser.end(html);
  return sheets;
}

/** The markup minus anything active; `<style>` elements and their text are dropped (their CSS comes back sanitised). */
function sanitizeMarkup(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'html', 'head', 'body', 'meta', 'title', 'img', 'center', 'font', 'span', 'button'],
    allowedAttributes: {
      '*': ['style', 'class', 'id', 'align', 'valign', 'width', 'height', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'role', 'dir', 'lang', 'title'],
      a: ['href', 'target', 'rel', 'name'],
      img: ['src', 'alt'],
      meta: ['name', 'content', 'charset'],
      font: ['color', 'face', 'size'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['https', 'http', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https', 'http', 'cid'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // a meta left without attributes (its http-equiv dropped above) says nothing
    exclusiveFilter: (frame) => frame.tag === 'meta' && Object.keys(frame.attribs).length === 0,
    transformTags: {
      '*': (tagName, attribs) => {
        // a meta http-equiv (a refresh would navigate the reader, to javascript: even) goes whole
        if (tagName === 'meta' && attribs['http-equiv'] !== undefined) return { tagName, attribs: {} };
        if (attribs.style === undefined) return { tagName, attribs };
        const style = sanitizeStyleAttribute(attribs.style);
        const { style: _dropped, ...rest } = attribs;
        return { tagName, attribs: style ? { ...rest, style } : rest };
      },
    },
  });
}

/**
 * Email HTML as the visual editor exports it, minus anything active: no script, iframe, object,
 * form, svg or meta refresh, no `on*` event handler, no `javascript:`/`data:` link (images may
 * be https or cid). Tables and inline styles stay, since emails are laid out with them; the
 * `<style>` elements' CSS is sanitised as CSS (no `@import`, `expression()`, bindings or
 * non-web `url()`) and comes back as one `<style>` element in the head.
 */
export function sanitizeEmailHtml(html: string): string {
  const css = styleSheetsOf(html).map(sanitizeStyleSheet).filter(Boolean).join('\n');
  const markup = sanitizeMarkup(html);
  if (!css) return markup;
  const style = `<style>\n${css}\n</style>`;
  const headEnd = markup.indexOf('</head>');
  return headEnd === -1 ? `${style}${markup}` : `${markup.slice(0, headEnd)}${style}${markup.slice(headEnd)}`;
}

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeEmailHtml } from './sanitize.ts';

/**
 * Known filter bypasses, from the OWASP XSS Filter Evasion Cheat Sheet, PortSwigger's XSS cheat
 * sheet and published sanitiser (mXSS) bypasses: each must come out inert.
 */
const BYPASSES: Record<string, string> = {
  'script element': '<script>alert(1)</script>',
  'img onerror': '<img src=x onerror=alert(1)>',
  'svg onload': '<svg onload=alert(1)>',
  'style inside svg (foreign content parses it as markup)': '<svg><style><img src=x onerror=alert(1)></style></svg>',
  'meta refresh to javascript:': '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  'meta refresh to another site': '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  'javascript: link': '<a href="javascript:alert(1)">x</a>',
  'mixed-case scheme': "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  'tab inside the scheme': '<a href="jav&#x09;ascript:alert(1)">x</a>',
  'entity-encoded scheme': '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  'named-entity colon': '<a href="javascript&colon;alert(1)">x</a>',
  'leading space and control character': '<a href=" &#14; javascript:alert(1)">x</a>',
  'vbscript: link': '<a href="vbscript:msgbox(1)">x</a>',
  'data: HTML link': '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  'data: SVG image': '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  'iframe javascript:': '<iframe src="javascript:alert(1)"></iframe>',
  'object data': '<object data="javascript:alert(1)"></object>',
  'embed src': '<embed src="https://evil.example/x.swf">',
  'form action and formaction': '<form action="javascript:alert(1)"><button formaction="javascript:alert(2)">go</button></form>',
  'base href': '<base href="javascript:/">',
  'link stylesheet': '<link rel="stylesheet" href="https://evil.example/x.css">',
  'style @import': "<style>@import 'https://evil.example/x.css';</style>",
  'style url(javascript:)': '<style>body{background:url("javascript:alert(1)")}</style>',
  'style list-style-image (OWASP)': '<style>li {list-style-image: url("javascript:alert(\'XSS\')");}</style>',
  'style expression()': '<style>*{width:expression(alert(1))}</style>',
  'style expression() behind a CSS escape': '<style>*{width:\\65 xpression(alert(1))}</style>',
  'style expression() split by a comment': '<style>*{width:exp/**/ression(alert(1))}</style>',
  'style behavior and -moz-binding': '<style>*{behavior:url(x.htc);-moz-binding:url(https://evil.example/x.xml#x)}</style>',
  'style url(javascript:) inside @media': '<style>@media all{body{background:url(javascript:alert(1))}}</style>',
  'markup after a closing style': '<style>a{color:red}</style ><img src=x onerror=alert(1)>',
  'closing style inside a CSS string': '<style>a{font-family:"</style><img src=x onerror=alert(1)>"}</style>',
  'style attribute url(javascript:)': '<div style="background:url(javascript:alert(1))">x</div>',
  'style attribute expression()': '<div style="width:expression(alert(1))">x</div>',
  'style attribute closing the rule': '<div style="color:red}*{background:url(javascript:alert(1))">x</div>',
  'math/mglyph mXSS (DOMPurify 2.0.0)': '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  'noscript mXSS': '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  'xmp raw text': '<xmp><img src=x onerror=alert(1)></xmp>',
  'comment hiding a tag': '<!--<img src="--><img src=x onerror=alert(1)//">',
  'malformed quotes (OWASP)': '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  'svg xlink:href': '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  'table background attribute': '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
};

const WEB_SCHEME = /^(https?|mailto|tel|cid):/i;
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'background', 'xlink:href', 'data', 'poster', 'srcset', 'lowsrc', 'dynsrc', 'codebase']);
const ACTIVE_ELEMENTS = new Set([
  'script',
  'iframe',
  'object',
  'embed',
  'form',
  'base',
  'link',
  'svg',
  'math',
  'frame',
  'frameset',
  'applet',
  'xmp',
  'noscript',
  'template',
]);
const ACTIVE_CSS = /expression\s*\(|javascript:|vbscript:|behavior|binding|@import|</;

/** CSS as an engine reads it, for the check: comments dropped, escapes decoded. */
const cssRead = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_escape, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .toLowerCase();

/** The document a browser builds from this HTML (jsdom's HTML5 parser). */
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** What in this HTML could act, as a browser parses it: empty when inert. */
function activeParts(html: string): string[] {
  const document = parse(html);
  const found: string[] = [];
  for (const element of document.querySelectorAll('*')) {
    const name = element.localName;
    if (ACTIVE_ELEMENTS.has(name)) found.push(`<${name}>`);
    if (name === 'meta' && element.hasAttribute('http-equiv')) found.push('meta http-equiv');
    if (name === 'style' && ACTIVE_CSS.test(cssRead(element.textContent ?? ''))) found.push(`style element: ${element.textContent}`);
    for (const attribute of element.attributes) {
      if (attribute.name.startsWith('on')) found.push(`${name}[${attribute.name}]`);
      if (attribute.name === 'style' && ACTIVE_CSS.test(cssRead(attribute.value))) found.push(`${name}[style=${attribute.value}]`);
      // browsers drop whitespace and control characters before reading a URL's scheme
      const url = [...attribute.value].filter((char) => char.charCodeAt(0) > 0x20).join('');
      if (URL_ATTRIBUTES.has(attribute.name) && /^[a-z][a-z0-9+.-]*:/i.test(url) && !WEB_SCHEME.test(url)) found.push(`${name}[${attribute.name}=${url}]`);
    }
  }
  for (const sheet of [...document.querySelectorAll('style')].map((style) => cssRead(style.textContent ?? ''))) {
    for (const match of sheet.matchAll(/url\s*\(\s*['"]?\s*([^'")\s]*)/g)) if (!WEB_SCHEME.test(match[1]!)) found.push(`url(${match[1]})`);
  }
  return found;
}

describe('the email sanitiser', () => {
  it('finds the bypasses active before sanitising (the check sees what a browser would run)', () => {
    const caught = Object.entries(BYPASSES).filter(([, payload]) => activeParts(`<html><head></head><body>${payload}</body></html>`).length > 0);
    expect(caught.length).toBeGreaterThanOrEqual(38);
  });

  it.each(Object.entries(BYPASSES))('leaves nothing active of a known bypass: %s', (_name, payload) => {
    for (const html of [payload, `<html><head><title>t</title></head><body><p>Hi</p>${payload}</body></html>`]) {
      const clean = sanitizeEmailHtml(html);
      expect(activeParts(clean), clean).toEqual([]);
      // sanitising again changes nothing: what is stored is what is mailed
      expect(sanitizeEmailHtml(clean)).toBe(clean);
    }
  });

  it('keeps what an email is laid out with: media queries, selectors, !important, inline styles, https images, charset and viewport', () => {
    const email = [
      '<!DOCTYPE html><html><head>',
      '<meta http-equiv="Content-Type" content="text/html; charset=UTF-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1.0"><meta charset="utf-8"><title>Your reward</title>',
      '<style type="text/css">',
      '@media only screen and (min-width: 620px) { .u-row { width: 600px !important; } }',
      "table, tr, td { vertical-align: top; border-collapse: collapse; } a[x-apple-data-detectors='true'] { color: inherit !important; }",
      '.col > p { margin: 0; font-family: "Helvetica Neue", Arial; background: url(https://cdn.example/bg.png) no-repeat; }',
      '</style></head><body style="margin:0;background-color:#f4f4f4">',
      '<table width="600" cellpadding="0" style="border-collapse:collapse"><tr><td class="col" style="padding: 10px 20px; color: #333333">',
      '<p>Hi {{first_name}}</p><img src="https://cdn.example/logo.png" alt="Logo" width="120"><a href="https://shop.example/rewards" target="_blank">See rewards</a>',
      '</td></tr></table></body></html>',
    ].join('');
    const clean = sanitizeEmailHtml(email);
    expect(activeParts(clean)).toEqual([]);
    const document = parse(clean);
    const css = document.querySelector('head style')?.textContent ?? '';
    expect(css).toContain('@media only screen and (min-width: 620px)');
    expect(css).toContain('.u-row { width: 600px !important; }');
    expect(css).toContain("a[x-apple-data-detectors='true']");
    expect(css).toContain('.col > p { margin: 0; font-family: "Helvetica Neue", Arial; background: url(https://cdn.example/bg.png) no-repeat; }');
    expect(document.querySelector('meta[name="viewport"]')).not.toBeNull();
    expect(document.querySelector('meta[charset]')).not.toBeNull();
    expect(document.body.getAttribute('style')).toBe('margin:0;background-color:#f4f4f4');
    expect(document.querySelector('td')?.getAttribute('style')).toBe('padding:10px 20px;color:#333333');
    expect(document.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/logo.png');
    expect(document.querySelector('a')?.getAttribute('href')).toBe('https://shop.example/rewards');
    expect(document.body.textContent).toContain('Hi {{first_name}}');
  });
});

/**
 * The one stylesheet of every shopper surface, shared by the builder canvas, the SSR landing
 * page and the storefront embed (inside its Shadow DOM). Class names start with `ls-`; theme
 * values arrive as custom properties (see `themeRules`), merchant values as custom properties
 * set inline from validated settings. Mobile first; the desktop layout applies from 768px
 * (spec §9 breakpoint 767.95px) unless the root forces a device with `data-device`.
 */
const DESKTOP = '@media (min-width:768px)';
/** Rules that switch to the desktop layout: by media query, or forced by `data-device`. */
export const desktop = (selectors: string[], body: string) =>
  `${DESKTOP}{${selectors.map((s) => `.ls-root:not([data-device=mobile]) ${s}`).join(',')}{${body}}}` +
  `${selectors.map((s) => `.ls-root[data-device=desktop] ${s}`).join(',')}{${body}}`;

const BASE = `
.ls-root{font-family:var(--ls-font-family);font-size:calc(var(--ls-font-size) * var(--ls-font-scale,1));line-height:1.5;color:var(--ls-text);background:var(--ls-background);-webkit-text-size-adjust:100%;text-align:start}
.ls-root *,.ls-root *::before,.ls-root *::after{box-sizing:border-box}
.ls-root :where(h1,h2,h3,h4,p,ul,ol,dl,dd,figure){margin:0}
.ls-root img{max-width:100%;height:auto;display:block}
.ls-root :focus-visible{outline:3px solid var(--ls-focus-ring);outline-offset:2px}
.ls-root [hidden]{display:none!important}
.ls-icon-btn{display:inline-flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;border:0;border-radius:50%;background:transparent;color:inherit;cursor:pointer;font:inherit}
.ls-btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:44px;min-width:44px;padding:8px 20px;border:2px solid var(--ls-accent);border-radius:var(--ls-btn-radius,var(--ls-radius));font:inherit;font-weight:600;text-decoration:none;cursor:pointer;background:var(--ls-accent);color:var(--ls-accent-text)}
.ls-icon{width:1.5em;height:1.5em;flex:none;fill:currentColor}
.ls-icon-img{width:2.5em;height:2.5em;object-fit:contain}
`;

/** The widget's and the landing page's content controls (the launcher and the sticky bar use none). */
const CONTENT = `
[dir=rtl] :is([data-icon=back],[data-icon=chevron],[data-icon*=arrow]){transform:scaleX(-1)}
.ls-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.ls-actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:16px;justify-content:var(--ls-justify,flex-start)}
.ls-link{color:var(--ls-link,inherit);text-decoration:underline}
.ls-btn-2{background:transparent;color:inherit;border-color:currentColor}
.ls-input{font:inherit;min-height:44px;width:100%;padding:8px 12px;border:1px solid var(--ls-border);border-radius:var(--ls-radius);background:var(--ls-surface);color:var(--ls-surface-text)}
.ls-code{font-family:ui-monospace,Menlo,Consolas,monospace;font-weight:700;letter-spacing:.05em}
.ls-meter{height:8px;border-radius:4px;background:var(--ls-border);overflow:hidden}
.ls-meter>span{display:block;height:100%;background:var(--ls-accent)}
.ls-sample-note{margin:12px 0 0;padding:6px 10px;border:1px dashed currentColor;border-radius:6px;font-size:.875em;font-style:italic}
`;

const LANDING = `
.ls-landing{min-height:100%}
.ls-section{--ls-cols-m:1;--ls-cols-d:3;padding:var(--ls-pad,48px) 16px;color:var(--ls-s-fg,inherit);background:var(--ls-s-bg,transparent);border:1px solid var(--ls-s-bc,transparent);font-size:var(--ls-s-fs,1em);text-align:var(--ls-align,start)}
.ls-section[data-style=boxed]>.ls-inner{padding:24px;border:1px solid var(--ls-border);border-radius:var(--ls-radius);background:var(--ls-surface);color:var(--ls-surface-text)}
.ls-section[data-style=highlighted]{background:var(--ls-s-bg,var(--ls-accent));color:var(--ls-s-fg,var(--ls-accent-text))}
.ls-section[data-style=highlighted] .ls-btn{background:var(--ls-accent-text);color:var(--ls-accent);border-color:var(--ls-accent-text)}
.ls-inner{max-width:1120px;margin:0 auto}
.ls-title{font-size:2em;line-height:1.2;margin-bottom:.4em}
.ls-sub{font-size:1.15em;font-weight:600;margin-bottom:.5em}
.ls-text{max-width:70ch;margin-inline:var(--ls-ml,0) var(--ls-mr,auto)}
.ls-grid{display:grid;gap:var(--ls-gap,16px);list-style:none;padding:0;margin-top:24px;grid-template-columns:repeat(var(--ls-cols-m),minmax(0,1fr))}
.ls-grid[data-layout=list]{grid-template-columns:minmax(0,1fr)!important}
.ls-grid[data-layout=carousel]{grid-auto-flow:column;grid-template-columns:none!important;grid-auto-columns:calc((100% - 16px * (var(--ls-cols-m) - 1)) / var(--ls-cols-m));overflow-x:auto;scroll-snap-type:x mandatory;padding-bottom:8px}
.ls-grid[data-layout=carousel]>*{scroll-snap-align:start}
.ls-card{position:relative;display:flex;flex-direction:column;gap:8px;padding:20px;border-radius:var(--ls-radius);background:var(--ls-surface);color:var(--ls-surface-text);text-align:var(--ls-align,start)}
.ls-grid[data-layout=list] .ls-card{flex-direction:row;align-items:center}
[data-shape=square] .ls-card{border-radius:0}
[data-shape=pill] .ls-card{border-radius:2em;padding:20px 28px}
[data-card=outlined] .ls-card{background:transparent;color:inherit;border:1px solid var(--ls-s-bc,var(--ls-border))}
[data-card=elevated] .ls-card{box-shadow:var(--ls-shadow,0 2px 10px rgba(0,0,0,.18))}
.ls-card-title{font-size:1.1em;font-weight:700}
.ls-points{font-weight:700}
.ls-num{display:inline-flex;align-items:center;justify-content:center;width:2em;height:2em;border-radius:50%;background:var(--ls-accent);color:var(--ls-accent-text);font-weight:700;flex:none}
.ls-step-body{display:flex;flex-direction:column;gap:8px;flex:1}
.ls-connector{position:absolute;background:var(--ls-s-bc,var(--ls-border));inset-inline-start:50%;top:100%;width:2px;height:var(--ls-gap,16px)}
.ls-when{font-size:.875em;font-weight:600}
`;

// Joined with `[…].join('')`, not `+`: the embed build drops an unused constant only when its
// initialiser is a (pure-annotated) call; a `+` of calls stays in loader.js as dead CSS.
const DESKTOP_LANDING = [
  desktop(['.ls-grid:not([data-layout=carousel])'], 'grid-template-columns:repeat(var(--ls-cols-d),minmax(0,1fr))'),
  desktop(['.ls-grid[data-layout=carousel]'], 'grid-auto-columns:calc((100% - 16px * (var(--ls-cols-d) - 1)) / var(--ls-cols-d))'),
  desktop(
    ['.ls-grid:not([data-layout=list])[data-connectors]>.ls-card:not(:last-child)>.ls-connector'],
    'inset-inline-start:100%;top:2.5em;width:var(--ls-gap,16px);height:2px',
  ),
  desktop(['.ls-section'], 'padding-inline:32px'),
].join('');

const WIDGET = `
.ls-widget{--ls-w-b:calc(var(--ls-pb,20px) + max(44px,calc(56px * var(--ls-zoom,1))) + 12px);position:fixed;z-index:var(--ls-z,999);bottom:var(--ls-w-b);inset-inline-end:var(--ls-ps,20px);width:min(400px,calc(100vw - 32px));max-height:min(680px,calc(100vh - var(--ls-w-b) - 24px));display:flex;flex-direction:column;border-radius:var(--ls-radius);box-shadow:var(--ls-shadow,0 8px 32px rgba(0,0,0,.3));overflow:hidden}
.ls-widget[data-placement=left]{inset-inline:var(--ls-ps,20px) auto}
.ls-widget[data-inline]{position:relative;inset:auto;margin:0 auto;z-index:auto}
.ls-widget[data-type=sidebar]:not([data-inline]){top:0;bottom:0;inset-inline-end:0;max-height:none;border-radius:0}
.ls-w-head{display:flex;align-items:center;gap:8px;padding:12px;padding-inline-start:20px;background:var(--ls-w-bg);color:var(--ls-w-fg)}
.ls-w-head h2{flex:1;font-size:1.2em;line-height:1.3}
.ls-w-body{overflow:auto;padding:20px;display:flex;flex-direction:column;gap:16px}
.ls-w-notice{margin:0;padding:8px 12px;border:1px solid var(--ls-border);border-radius:var(--ls-radius);background:var(--ls-surface);color:var(--ls-surface-text)}
.ls-w-body .ls-btn{background:var(--ls-w-bg);color:var(--ls-w-fg);border-color:var(--ls-w-bg)}
.ls-w-body .ls-btn-2{background:transparent;color:inherit;border-color:currentColor}
.ls-w-nav{list-style:none;padding:0;display:grid;gap:8px}
.ls-w-item{display:flex;align-items:center;gap:12px;width:100%;min-height:48px;padding:12px 16px;border:1px solid var(--ls-border);border-radius:var(--ls-radius);background:var(--ls-surface);color:var(--ls-surface-text);font:inherit;text-align:start;cursor:pointer}
.ls-w-item>span{flex:1}
.ls-balance{font-size:2em;font-weight:700;line-height:1.1}
.ls-rewards{list-style:none;padding:0;display:grid;gap:8px}
.ls-rewards>li{padding:12px;border:1px solid var(--ls-border);border-radius:var(--ls-radius)}
.ls-form{display:grid;gap:8px}
@media (max-width:767.95px){.ls-widget:not([data-inline]){inset-inline:0;bottom:0;width:100%;max-height:85vh;border-radius:var(--ls-radius) var(--ls-radius) 0 0}}
`;

const LAUNCHER = `
.ls-launcher{position:fixed;z-index:var(--ls-z,999);bottom:var(--ls-pb,20px);display:inline-flex;align-items:center;justify-content:center;gap:8px;min-width:max(44px,calc(56px * var(--ls-zoom,1)));min-height:max(44px,calc(56px * var(--ls-zoom,1)));padding:0 calc(20px * var(--ls-zoom,1));border:0;border-radius:999px;background:var(--ls-l-bg);color:var(--ls-l-fg);font:600 calc(16px * var(--ls-zoom,1) * var(--ls-font-scale,1))/1.2 var(--ls-font-family,system-ui,sans-serif);cursor:pointer;box-shadow:var(--ls-shadow,0 4px 16px rgba(0,0,0,.25))}
.ls-launcher[data-placement=left]{inset-inline-start:var(--ls-ps,20px)}
.ls-launcher[data-placement=right]{inset-inline-end:var(--ls-ps,20px)}
.ls-launcher[data-inline]{position:relative;inset:auto}
.ls-launcher[data-type=icon]{padding:0}
.ls-launcher[data-shape=rounded]{border-radius:var(--ls-btn-radius,12px)}
.ls-launcher[data-shape=square]{border-radius:0}
.ls-launcher .ls-icon,.ls-launcher .ls-icon-img{width:1.5em;height:1.5em}
`;

const STICKY_BAR = `
.ls-bar{position:fixed;inset-inline:0;z-index:var(--ls-z,998);height:var(--ls-bar-h,48px);display:flex;align-items:center;justify-content:center;gap:12px;padding:0 16px;background:var(--ls-accent);color:var(--ls-accent-text);border:0;font:600 1em/1.2 var(--ls-font-family);width:100%;cursor:pointer}
.ls-bar-wrap[data-placement=top] .ls-bar{top:0}
.ls-bar-wrap[data-placement=bottom] .ls-bar{bottom:0}
.ls-bar-wrap[data-inline] .ls-bar{position:relative}
.ls-drawer{position:fixed;inset-inline:0;z-index:var(--ls-z,998);padding:20px;display:grid;gap:8px;background:var(--ls-background);color:var(--ls-text);box-shadow:var(--ls-shadow,0 4px 24px rgba(0,0,0,.25))}
.ls-bar-wrap[data-placement=top] .ls-drawer{top:var(--ls-bar-h,48px)}
.ls-bar-wrap[data-placement=bottom] .ls-drawer{bottom:var(--ls-bar-h,48px)}
.ls-bar-wrap[data-inline] .ls-drawer{position:relative;inset:auto}
.ls-drawer-title{font-size:1.15em;font-weight:700}
.ls-drawer{padding-inline-end:56px}
.ls-drawer-close{position:absolute;top:8px;inset-inline-end:8px}
.ls-drawer .ls-btn{justify-self:start}
`;

const MOTION = `
@media (prefers-reduced-motion:no-preference){.ls-drawer{animation:ls-in .2s ease-out}.ls-btn,.ls-launcher{transition:transform .2s,box-shadow .2s}.ls-launcher:hover{transform:translateY(-2px)}}
@keyframes ls-in{from{opacity:0;transform:translateY(8px)}}
@media (prefers-reduced-motion:reduce){.ls-root *,.ls-launcher{animation:none!important;transition:none!important;scroll-behavior:auto!important}}
`;

/** The widget's motion (its `ls-in` keyframes come with the loader's). */
const WIDGET_MOTION = `
@media (prefers-reduced-motion:no-preference){.ls-widget:not([data-inline]){animation:ls-in .2s ease-out}.ls-w-item{transition:transform .2s,box-shadow .2s}}
`;

const minify = (css: string) => css.replace(/\n/g, '').replace(/\s*([{};,>])\s*/g, '$1');

/**
 * Structural rules of every surface but the landing sections' own (each section type's folder
 * holds those; `renderers/theme/index.ts` appends them to make `STYLESHEET`).
 */
export const SHARED_STYLESHEET: string = [minify(BASE + CONTENT + LANDING + WIDGET + LAUNCHER + STICKY_BAR + MOTION + WIDGET_MOTION), DESKTOP_LANDING].join('');

/**
 * What the storefront loader draws with: the shared base, the launcher and the sticky bar. It
 * travels in the bootstrap answer with the themes' rules (`loaderStylesheet`), before anything is
 * drawn, so loader.js carries no CSS. The widget's rules come with the widget module
 * (`WIDGET_STYLESHEET`), loaded on the first open; the landing page's never reach a store page
 * (it is its own page).
 */
export const LOADER_STYLESHEET: string = minify(BASE + LAUNCHER + STICKY_BAR + MOTION);

/** The "Previewing draft — Exit" bar of a browser holding a preview link. */
export const PREVIEW_BAR_STYLESHEET =
  '.ls-preview{position:fixed;top:8px;inset-inline:0;margin-inline:auto;width:max-content;z-index:2147483647;background:#1f2933;color:#fff;font:13px/1.4 system-ui,sans-serif;padding:6px 12px;border-radius:6px}.ls-preview button{margin-inline-start:8px;font:inherit;color:inherit;background:none;border:1px solid;border-radius:4px;cursor:pointer}';
export const WIDGET_STYLESHEET: string = minify(CONTENT + WIDGET + WIDGET_MOTION);

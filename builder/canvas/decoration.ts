/** Builder-only outlines drawn in the canvas frame: hover, selection and inline editing; sections out of sight left unrendered. */
export const CANVAS_DECORATION = [
  '[data-bs-owner]{cursor:pointer;position:relative}',
  // sections out of sight skip style, layout and paint (a change of language redraws every text);
  // the clip margin keeps the outlines and marks drawn just outside a text's box visible
  '.ls-section[data-bs-owner]{content-visibility:auto;contain-intrinsic-block-size:auto 480px;overflow-clip-margin:16px}',
  '[data-bs-owner][data-bs-hovered]{outline:2px dashed #0b6b52;outline-offset:-2px}',
  '[data-bs-owner][data-bs-selected]{outline:2px solid #0b6b52;outline-offset:-2px}',
  '[data-bs-editing]{outline:2px solid #f59e0b!important;outline-offset:2px;cursor:text;white-space:pre-wrap}',
  '[data-bs-editable]:hover{text-decoration:underline dotted}',
  // a text shown in the default language because the language being edited has none for it
  '[data-bs-untranslated]{outline:1px dashed #b45309;outline-offset:2px;position:relative}',
  "[data-bs-untranslated]::after{content:'Not translated';position:absolute;top:-1.1em;right:0;font:600 10px/1.2 system-ui,sans-serif;color:#fff;background:#b45309;padding:1px 4px;border-radius:3px;pointer-events:none}",
  // a neutral sample store page, for the surfaces shown as they sit on a store (the sticky bar, the launcher and widget)
  '.bs-sample{position:relative;min-height:100vh;display:flex;flex-direction:column;background:#f4f4f5}',
  '.bs-sample-page{flex:1;display:grid;grid-template-rows:auto 180px auto;align-content:start;gap:16px;padding:0 0 24px;font:14px/1.4 system-ui,sans-serif;color:#52525b}',
  '.bs-sample-page__header{display:flex;align-items:center;justify-content:space-between;padding:16px 24px;background:#fff;border-bottom:1px solid #e4e4e7;font-weight:700}',
  '.bs-sample-page__hero{margin:0 24px;background:#e4e4e7;border-radius:8px}',
  '.bs-sample-page__grid{display:grid;grid-template-columns:repeat(3,1fr);gap:16px;margin:0 24px}',
  '.bs-sample-page__grid>span{height:120px;background:#fff;border:1px solid #e4e4e7;border-radius:8px}',
  '.bs-sample[data-overlay]>.bs-sample__bar{position:absolute;left:0;right:0;z-index:2}',
  '.bs-sample[data-overlay][data-placement=top]>.bs-sample__bar{top:0}',
  '.bs-sample[data-overlay][data-placement=bottom]>.bs-sample__bar{bottom:0}',
  '.bs-sample[data-placement=bottom] .ls-bar-wrap{display:flex;flex-direction:column-reverse}',
  // the launcher at its corner of the sample page with the open widget above it, as a store shows them
  // (renderers/theme/stylesheet.ts: the widget 400px wide on a desktop, a full-width sheet on a phone)
  '.bs-store-corner{position:fixed;z-index:2;bottom:var(--bs-pb,20px);display:flex;flex-direction:column;gap:12px;max-height:calc(100vh - var(--bs-pb,20px) - 24px)}',
  '.bs-store-corner[data-placement=left]{left:var(--bs-ps,20px);align-items:flex-start}',
  '.bs-store-corner[data-placement=right]{right:var(--bs-ps,20px);align-items:flex-end}',
  '.bs-store-corner .ls-widget[data-inline]{margin:0;min-height:0}',
  '.bs-store-corner>[data-bs-owner]{flex:none}',
  '@media (max-width:767.95px){.bs-store-corner[data-placement]{left:0;right:0;max-height:calc(100vh - var(--bs-pb,20px))}.bs-store-corner>[data-bs-owner]{margin:0 var(--bs-ps,20px)}.bs-store-corner .ls-widget[data-inline]{width:100%;max-height:85vh;border-radius:var(--ls-radius) var(--ls-radius) 0 0}}',
].join('');

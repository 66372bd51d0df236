// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LandingPage } from '../../renderers/index.ts';
import { DEFAULT_LANDING_PAGE, DEMO_LANDING_PAGE } from '../../presets/index.ts';
import { LandingMarkup } from './LandingCanvas.tsx';
import { previewContext } from './preview-context.ts';

describe('canvas landing markup', () => {
  it.each([
    ['default', DEFAULT_LANDING_PAGE, 'visitor'],
    ['demo', DEMO_LANDING_PAGE, 'member'],
    ['dark demo', { ...DEMO_LANDING_PAGE, theme: 'dark-experimental' }, 'visitor'],
  ] as const)('is exactly the storefront markup (%s page, %s)', (_, doc, audience) => {
    const ctx = previewContext(audience, 'desktop', doc.theme);
    expect(renderToStaticMarkup(<LandingMarkup doc={doc} ctx={ctx} />)).toBe(renderToStaticMarkup(<LandingPage doc={doc} ctx={ctx} responsive />));
  });
});

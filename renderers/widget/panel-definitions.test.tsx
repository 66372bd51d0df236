import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { PANEL_KEYS, type PanelTexts } from '../contract/index.ts';
import { memberCtx, widgetDoc } from '../testing/fixtures.ts';
import { PanelContent, PANELS } from './panel-views.tsx';

const ALL_TEXTS: Required<PanelTexts> = {
  title: 'T-title',
  body: 'T-body',
  primary_button_label: 'T-primary',
  primary_button_url: 'https://t.example/primary',
  secondary_button_label: 'T-secondary',
  secondary_button_url: 'https://t.example/secondary',
  input_placeholder: 'T-placeholder',
};

describe('each widget panel draws exactly the texts its definition names (the inspector shows those)', () => {
  it.each(PANEL_KEYS)('%s', (panel) => {
    const html = renderToStaticMarkup(<PanelContent panel={panel} texts={ALL_TEXTS} doc={widgetDoc()} ctx={memberCtx()} go={() => {}} act={() => {}} />);
    // the title is drawn by the widget's header for every panel; the rest by the panel itself
    const drawn = (Object.keys(ALL_TEXTS) as (keyof PanelTexts)[]).filter((key) => key !== 'title' && html.includes(ALL_TEXTS[key]));
    expect(drawn.sort()).toEqual(PANELS[panel].texts.filter((key) => key !== 'title').sort());
    expect(PANELS[panel].texts).toContain('title');
  });
});

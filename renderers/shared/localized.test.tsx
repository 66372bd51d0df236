import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { makeContext } from '../context.ts';
import { LandingPage } from '../landing/index.ts';
import { Launcher } from '../launcher/index.ts';
import { StickyBar } from '../sticky-bar/index.ts';
import { Widget } from '../widget/index.ts';
import { landingDoc, launcherDoc, stickyBarDoc, widgetDoc } from '../testing/fixtures.ts';

const SCRIPT = '<script>alert(1)</script><b>Bonjour</b>';

describe('surfaces draw the context language', () => {
  it('the landing page: translated texts, the default elsewhere, markup as text', () => {
    const doc = landingDoc();
    const first = doc.sections[0]!;
    const key = `sections.${first.id}.content.visitor.title`;
    const page = { ...doc, translations: { fr: { [key]: SCRIPT } } };
    const french = renderToStaticMarkup(<LandingPage doc={page} ctx={makeContext({ locale: 'fr-FR' })} />);
    expect(french).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;Bonjour&lt;/b&gt;');
    expect(french).not.toContain('<script>');
    const english = renderToStaticMarkup(<LandingPage doc={page} ctx={makeContext({ locale: 'en' })} />);
    expect(english).not.toContain('Bonjour');
  });

  it('the widget, the launcher and the sticky bar', () => {
    const ctx = makeContext({ locale: 'de' });
    const widget = renderToStaticMarkup(
      <Widget doc={{ ...widgetDoc(), translations: { de: { 'panels.header.visitor.title': 'Willkommen' } } }} ctx={ctx} inline />,
    );
    expect(widget).toContain('Willkommen');
    const launcher = renderToStaticMarkup(<Launcher doc={{ ...launcherDoc(), translations: { de: { 'desktop.launcher_title': 'Prämien' } } }} ctx={ctx} />);
    expect(launcher).toContain('Prämien');
    const bar = renderToStaticMarkup(<StickyBar doc={{ ...stickyBarDoc(), translations: { de: { 'bar.text': 'Punkte sammeln' } } }} ctx={ctx} inline />);
    expect(bar).toContain('Punkte sammeln');
  });
});

import { describe, expect, it } from 'vitest';
import {
  addSection,
  deleteSection,
  moveSection,
  setContentField,
  setCustomStyle,
  setLauncherField,
  setPanelText,
  setStickyBarField,
  setTheme,
  type Command,
} from '../commands/index.ts';
import { freshDocs, runOn } from '../commands/testing.ts';
import type { SurfaceDocs } from '../store/documents.ts';
import { describeChanges, publishChanges } from './publish-summary.ts';

/** the published documents and a draft made from them by the studio's own commands */
function edited(...steps: [Command<never>, unknown][]) {
  const published = freshDocs();
  const draft = steps.reduce<SurfaceDocs>((docs, [command, args]) => runOn(docs, command, args as never), published);
  return { published, draft };
}
const step = <A>(command: Command<A>, args: A) => [command, args] as [Command<never>, unknown];
const summary = (kinds: Parameters<typeof publishChanges>[0], { published, draft }: ReturnType<typeof edited>) =>
  publishChanges(kinds, published, draft).map(describeChanges);

describe('publish summary', () => {
  it('has nothing to publish when the draft is the published document, whatever its key order or unset keys', () => {
    const published = freshDocs();
    const draft = structuredClone(published);
    const banner = draft.landing_page!.sections[0]!;
    draft.landing_page!.sections[0] = Object.fromEntries(Object.entries(banner).toReversed()) as typeof banner;
    Object.assign(draft.landing_page!.sections[1]!.style, { font_color: undefined });
    expect(publishChanges(['landing_page', 'widget', 'launcher', 'sticky_bar', 'custom_style'], published, draft)).toEqual([]);
  });

  it('names the landing sections changed, added and removed, and the theme', () => {
    const change = edited(
      step(setContentField, { sectionId: 'banner', audience: 'visitor', path: ['title'], value: 'New banner' }),
      step(setContentField, { sectionId: 'ways-to-earn', audience: 'member', path: ['title'], value: 'Earn more' }),
      step(addSection, { type: 'timeline', afterId: 'header' }),
      step(deleteSection, { sectionId: 'referral' }),
      step(setTheme, { kind: 'landing_page', theme: 'dark-experimental' }),
    );
    expect(summary(['landing_page', 'custom_style'], change)).toEqual([
      'Landing page: 2 sections changed (Banner, Ways to earn), 1 added (Timeline), 1 removed (Referral); theme changed',
    ]);
  });

  it('says when only the order of the sections changed, and that one section was added', () => {
    expect(summary(['landing_page'], edited(step(moveSection, { sectionId: 'reward-list', toIndex: 0 })))).toEqual(['Landing page: sections reordered']);
    expect(summary(['landing_page'], edited(step(addSection, { type: 'banner' })))).toEqual(['Landing page: 1 section added (Banner)']);
  });

  it('names the widget panels changed and the launcher settings per device', () => {
    const change = edited(
      step(setPanelText, { panel: 'header', audience: 'member', key: 'title', value: 'Hi' }),
      step(setPanelText, { panel: 'signup', audience: 'visitor', key: 'body', value: 'Join' }),
      step(setTheme, { kind: 'widget', theme: 'dark-experimental' }),
      step(setLauncherField, { device: 'desktop', key: 'placement', value: 'right' }),
      step(setLauncherField, { device: 'desktop', key: 'padding_side', value: 40 }),
      step(setLauncherField, { device: 'desktop', key: 'launcher_title', value: 'Rewards' }),
      step(setLauncherField, { device: 'mobile', key: 'launcher_title', value: 'Rewards' }),
    );
    expect(summary(['widget', 'launcher', 'custom_style'], change)).toEqual([
      'Widget: 2 panels changed (Header, Sign up); theme changed',
      'Launcher: padding side, placement changed (desktop); launcher title changed (desktop and mobile)',
    ]);
  });

  it('names the sticky bar settings and its drawer', () => {
    const change = edited(
      step(setStickyBarField, { part: 'bar', key: 'placement', value: 'top' }),
      step(setStickyBarField, { part: 'drawer', group: 'logged_in', key: 'primary_text', value: 'Hello' }),
    );
    expect(summary(['sticky_bar'], change)).toEqual(['Sticky bar: placement changed; drawer texts changed']);
  });

  it("compares only the studio's own surfaces of the custom style", () => {
    const change = edited(step(setCustomStyle, { surface: 'landing_page', key: 'border_radius', value: 4 }));
    expect(summary(['widget', 'launcher', 'custom_style'], change)).toEqual([]);
    expect(summary(['landing_page', 'custom_style'], change)).toEqual(['Custom style: landing page style changed']);
  });

  it('still says a document changed when the change is in nothing it names', () => {
    const published = freshDocs();
    const draft = structuredClone(published);
    Object.assign(draft.launcher!, { schemaVersion: 2 }); // a field no describer names
    expect(publishChanges(['launcher'], published, draft).map(describeChanges)).toEqual(['Launcher: changed']);
  });
});

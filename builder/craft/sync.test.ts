import type { SerializedNodes } from '@craftjs/core';
import { current, produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { DEMO_DOCUMENTS } from '../../presets/index.ts';
import type { LandingPage, Widget } from '../../renderers/schema/index.ts';
import type { SurfaceDocument } from '../api.ts';
import { fromCraftNodes, panelNodeId, ROOT_ID, sectionNodeId, toCraftNodes } from './adapter.ts';
import { planCraftSync, type CraftSyncPlan } from './sync.ts';

const landing = DEMO_DOCUMENTS.landing_page as LandingPage;
const widget = DEMO_DOCUMENTS.widget as Widget;

/** What craft holds after the plan is applied to the nodes of `before`. */
function apply(before: SurfaceDocument, after: SurfaceDocument): SerializedNodes {
  const plan = planCraftSync(before, after);
  if (plan.kind === 'rebuild') return plan.nodes;
  const nodes = toCraftNodes(before);
  if (plan.kind === 'props') for (const [id, settings] of plan.updates) nodes[id] = { ...nodes[id]!, props: { settings } };
  return nodes;
}

const updatedIds = (plan: CraftSyncPlan) => (plan.kind === 'props' ? plan.updates.map(([id]) => id) : []);

describe('planCraftSync', () => {
  it('does nothing when the document is the same object', () => {
    expect(planCraftSync(landing, landing)).toEqual({ kind: 'none' });
  });

  it('updates only the section whose settings changed (a keystroke)', () => {
    const target = landing.sections[1]!;
    const after = produce(landing, (draft) => {
      draft.sections[1]!.content.visitor.title = 'Typed';
    });
    const plan = planCraftSync(landing, after);
    expect(plan).toMatchObject({ kind: 'props', updates: [[sectionNodeId(target.id), expect.any(Object)]] });
    expect(fromCraftNodes(apply(landing, after))).toEqual(after);
  });

  it('updates the root when page-level settings change', () => {
    const after = produce(landing, (draft) => {
      draft.global.primary_color = '#112233';
    });
    expect(updatedIds(planCraftSync(landing, after))).toEqual([ROOT_ID]);
    expect(fromCraftNodes(apply(landing, after))).toEqual(after);
  });

  it.each([
    [
      'moved',
      (d: LandingPage) => {
        d.sections.reverse();
      },
    ],
    [
      'deleted',
      (d: LandingPage) => {
        d.sections.pop();
      },
    ],
    [
      'added',
      (d: LandingPage) => {
        d.sections.push({ ...current(d.sections[0]!), id: 'added' });
      },
    ],
  ])('rebuilds the node map when a section is %s', (_, change) => {
    const after = produce(landing, change);
    expect(planCraftSync(landing, after).kind).toBe('rebuild');
    expect(fromCraftNodes(apply(landing, after))).toEqual(after);
  });

  it('updates the changed panel and the widget root separately', () => {
    const after = produce(widget, (draft) => {
      draft.panels.reward_points.visitor.title = 'Perks';
    });
    expect(updatedIds(planCraftSync(widget, after))).toEqual([panelNodeId('reward_points')]);
    const themed = produce(after, (draft) => {
      draft.theme_type = 'dark-experimental';
    });
    expect(updatedIds(planCraftSync(after, themed))).toEqual([ROOT_ID]);
    expect(fromCraftNodes(apply(widget, after))).toEqual(after);
  });
});

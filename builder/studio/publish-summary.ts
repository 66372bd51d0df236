/**
 * What publishing a studio puts live: for each document of the studio, its draft compared with
 * what the storefront shows now, in the merchant's words ("Landing page: 2 sections changed
 * (Banner, Ways to earn), 1 added (Timeline); theme changed"). Pure: the publish dialog feeds it
 * the published documents and the studio's drafts. The custom style is compared only for the
 * studio's own surfaces: publishing a studio publishes only their styles.
 */
import {
  DEVICES,
  LAUNCHER_FIELD_LABELS,
  PANEL_KEYS,
  PANEL_LABELS,
  SECTION_DEFINITIONS,
  STICKY_BAR_FIELD_LABELS,
  SURFACES,
  WIDGET_FIELD_LABELS,
  sameStyle,
  type StyledSurface,
} from '../../renderers/contract/index.ts';
import type { StudioKind, SurfaceDocument } from '../api.ts';
import type { SurfaceDocs } from '../store/documents.ts';
import { sameJson } from './same-json.ts';
import { ownSurfaces } from './saver.ts';

/** One document that publishing changes, and how. */
export interface KindChanges {
  kind: StudioKind;
  /** "Landing page", "Widget", "Custom style" */
  name: string;
  changes: string[];
}

const KIND_TITLES = { ...Object.fromEntries(SURFACES.map((surface) => [surface.kind, surface.name])), custom_style: 'Custom style' } as Record<
  StudioKind,
  string
>;

type Describe<K extends StudioKind> = (before: SurfaceDocument<K>, after: SurfaceDocument<K>, surfaces: readonly StyledSurface[]) => string[];

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** "2 sections changed (Banner, Ways to earn), 1 added (Timeline)": the noun goes with the first group. */
function counted(noun: string, groups: [verb: string, names: string[]][]): string[] {
  const phrases = groups
    .filter(([, names]) => names.length > 0)
    .map(([verb, names], index) => `${index === 0 ? plural(names.length, noun) : names.length} ${verb} (${names.join(', ')})`);
  return phrases.length > 0 ? [phrases.join(', ')] : [];
}

/** "theme, background color changed" for the settings of `labels` that differ. */
function fieldsChanged<T extends object>(before: T, after: T, labels: Partial<Record<keyof T, string>>, suffix = ''): string[] {
  const changed = (Object.keys(labels) as (keyof T)[]).filter((key) => !sameJson(before[key], after[key])).map((key) => labels[key]!.toLowerCase());
  return changed.length > 0 ? [`${changed.join(', ')} changed${suffix}`] : [];
}

const when = (condition: boolean, phrase: string): string[] => (condition ? [phrase] : []);

const sectionLabel = (section: { type: keyof typeof SECTION_DEFINITIONS }) => SECTION_DEFINITIONS[section.type].label;

const landingPage: Describe<'landing_page'> = (before, after) => {
  const was = new Map(before.sections.map((section) => [section.id, section]));
  const now = new Set(after.sections.map((section) => section.id));
  const kept = (sections: { id: string }[]) => sections.filter((section) => was.has(section.id) && now.has(section.id)).map((section) => section.id);
  return [
    ...counted('section', [
      ['changed', after.sections.filter((section) => was.has(section.id) && !sameJson(was.get(section.id), section)).map(sectionLabel)],
      ['added', after.sections.filter((section) => !was.has(section.id)).map(sectionLabel)],
      ['removed', before.sections.filter((section) => !now.has(section.id)).map(sectionLabel)],
    ]),
    ...when(!sameJson(kept(before.sections), kept(after.sections)), 'sections reordered'),
    ...when(before.theme !== after.theme, 'theme changed'),
    ...when(!sameJson(before.global, after.global), 'page colors changed'),
  ];
};

const widget: Describe<'widget'> = (before, after) => [
  ...counted('panel', [['changed', PANEL_KEYS.filter((key) => !sameJson(before.panels[key], after.panels[key])).map((key) => PANEL_LABELS[key])]]),
  ...fieldsChanged(before, after, WIDGET_FIELD_LABELS),
];

/** Each launcher setting that changed, grouped by the devices it changed on ("placement changed (desktop)"). */
const launcher: Describe<'launcher'> = (before, after) => {
  const byDevices = new Map<string, string[]>();
  for (const key of Object.keys(LAUNCHER_FIELD_LABELS) as (keyof typeof LAUNCHER_FIELD_LABELS)[]) {
    const devices = DEVICES.filter((device) => !sameJson(before[device][key], after[device][key]));
    if (devices.length > 0) byDevices.set(devices.join(' and '), [...(byDevices.get(devices.join(' and ')) ?? []), LAUNCHER_FIELD_LABELS[key].toLowerCase()]);
  }
  return [...byDevices].map(([devices, labels]) => `${labels.join(', ')} changed (${devices})`);
};

const stickyBar: Describe<'sticky_bar'> = (before, after) => [
  ...fieldsChanged(before.bar, after.bar, STICKY_BAR_FIELD_LABELS),
  ...when(!sameJson(before.drawer, after.drawer), 'drawer texts changed'),
];

const customStyle: Describe<'custom_style'> = (before, after, surfaces) => {
  const changed = surfaces.filter((surface) => !sameStyle(before.styles[surface], after.styles[surface])).map((surface) => surface.replaceAll('_', ' '));
  return changed.length > 0 ? [`${changed.join(', ')} style changed`] : [];
};

/** A surface that differs in nothing the describer names still says it changed. */
const orChanged =
  <K extends StudioKind>(describe: Describe<K>): Describe<K> =>
  (before, after, surfaces) => {
    const changes = describe(before, after, surfaces);
    return changes.length === 0 && !sameJson(before, after) ? ['changed'] : changes;
  };

const DESCRIBE: { [K in StudioKind]: Describe<K> } = {
  landing_page: orChanged(landingPage),
  widget: orChanged(widget),
  launcher: orChanged(launcher),
  sticky_bar: orChanged(stickyBar),
  custom_style: customStyle,
};

/** The documents of `kinds` whose draft differs from the published one, and how; empty when there is nothing to publish. */
export function publishChanges(kinds: readonly StudioKind[], published: SurfaceDocs, drafts: SurfaceDocs): KindChanges[] {
  const surfaces = ownSurfaces(kinds);
  return kinds.flatMap((kind) => {
    const before = published[kind];
    const after = drafts[kind];
    if (!before || !after) return [];
    const changes = (DESCRIBE[kind] as Describe<StudioKind>)(before, after, surfaces);
    return changes.length > 0 ? [{ kind, name: KIND_TITLES[kind], changes }] : [];
  });
}

/** "Widget: 3 panels changed (…); theme changed" */
export const describeChanges = ({ name, changes }: KindChanges) => `${name}: ${changes.join('; ')}`;

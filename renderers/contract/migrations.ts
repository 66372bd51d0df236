/**
 * Up steps per document kind, in the manner of tldraw's migrations: each step takes the body of
 * a document at `version - 1` and returns it at `version`. `migrate.ts` walks them in order.
 *
 * Version 0 (before Loyalty Studio 1) saved `{ version: 0, type: <kind>, … }`. Its landing page
 * kept sections in an object keyed by section type with an `order` number, content under
 * `logged_in`/`logged_out`, buttons as `primary_button_text` + `primary_button_url`, columns as
 * `columns: { mobile, desktop }` and image placement as `image_placement: { desktop, mobile }`.
 * Its launcher kept one `settings` object plus `mobile` overrides, a single `padding` and a
 * `position` of `bottom-left`/`bottom-right`.
 */
import type { DocumentKind } from './documents.ts';
import { SECTION_TYPES } from './section-options.ts';

export type DocumentBody = Record<string, unknown>;
export interface MigrationStep {
  /** the version this step produces */
  version: number;
  description: string;
  up: (body: DocumentBody) => DocumentBody;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** v0 `{ x_text, x_url }` → v1 `x: { label, url }` for both buttons. */
function buttonsToObjects(content: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...content };
  for (const name of ['primary_button', 'secondary_button']) {
    const label = result[`${name}_text`];
    const url = result[`${name}_url`];
    delete result[`${name}_text`];
    delete result[`${name}_url`];
    if (label !== undefined || url !== undefined) result[name] = { label: label ?? '', url: url ?? '' };
  }
  return result;
}

function layoutV0ToV1(layout: Record<string, unknown>): Record<string, unknown> {
  const { columns, image_placement: placement, ...rest } = layout;
  const result: Record<string, unknown> = { ...rest };
  if (isRecord(columns)) {
    if (columns.mobile !== undefined) result.mobile_columns = columns.mobile;
    if (columns.desktop !== undefined) result.desktop_columns = columns.desktop;
  }
  if (isRecord(placement)) {
    if (placement.desktop !== undefined) result.desktop_image_placement = placement.desktop;
    if (placement.mobile !== undefined) result.mobile_image_placement = placement.mobile;
  }
  return result;
}

const typeRank = (type: string) => {
  const rank = (SECTION_TYPES as readonly string[]).indexOf(type);
  return rank === -1 ? SECTION_TYPES.length : rank;
};

const orderOf = (section: Record<string, unknown>) => (typeof section.order === 'number' ? section.order : Number.MAX_SAFE_INTEGER);

function landingSectionsV0ToV1(body: DocumentBody): DocumentBody {
  const { sections, ...rest } = body;
  if (!isRecord(sections)) return body; // leave it to validation to report
  const list = Object.entries(sections)
    .map(([type, value]) => ({ type, section: isRecord(value) ? value : {} }))
    .sort((a, b) => orderOf(a.section) - orderOf(b.section) || typeRank(a.type) - typeRank(b.type))
    .map(({ type, section }) => {
      const { order: _order, logged_in: member, logged_out: visitor, layout, style, ...others } = section;
      return {
        id: type,
        type,
        ...others,
        content: {
          member: buttonsToObjects(isRecord(member) ? member : {}),
          visitor: buttonsToObjects(isRecord(visitor) ? visitor : {}),
        },
        style: style ?? {},
        layout: layoutV0ToV1(isRecord(layout) ? layout : {}),
      };
    });
  return { ...rest, sections: list };
}

function launcherSettingsV0ToV1(settings: Record<string, unknown>): Record<string, unknown> {
  const { position, padding, ...rest } = settings;
  const result: Record<string, unknown> = { ...rest };
  if (typeof position === 'string') result.placement = position.endsWith('right') ? 'right' : 'left';
  if (padding !== undefined) {
    result.padding_bottom = padding;
    result.padding_side = padding;
  }
  return result;
}

function launcherV0ToV1(body: DocumentBody): DocumentBody {
  const { settings, mobile, ...rest } = body;
  const shared = isRecord(settings) ? settings : {};
  return {
    ...rest,
    desktop: launcherSettingsV0ToV1(shared),
    mobile: launcherSettingsV0ToV1({ ...shared, ...(isRecord(mobile) ? mobile : {}) }),
  };
}

/** custom style v1 `{ widget_name, custom_widget_style }` → v2 `styles: { [widget_name]: custom_widget_style }` (none when empty). */
function customStyleV1ToV2(body: DocumentBody): DocumentBody {
  const { widget_name: surface, custom_widget_style: style, ...rest } = body;
  if (typeof surface !== 'string' || !isRecord(style)) return body; // leave it to validation to report
  return { ...rest, styles: Object.keys(style).length === 0 ? {} : { [surface]: style } };
}

const unchanged = (description: string): MigrationStep => ({ version: 1, description, up: (body) => body });

export const MIGRATIONS: Record<DocumentKind, readonly MigrationStep[]> = {
  landing_page: [
    { version: 1, description: 'sections become an ordered list with ids; member/visitor content; buttons as { label, url }', up: landingSectionsV0ToV1 },
  ],
  launcher: [{ version: 1, description: 'one settings object per device; padding split into bottom and side; position becomes placement', up: launcherV0ToV1 }],
  widget: [unchanged('versioned envelope (kind, schemaVersion)')],
  sticky_bar: [unchanged('versioned envelope (kind, schemaVersion)')],
  product_page: [unchanged('versioned envelope (kind, schemaVersion)')],
  custom_style: [
    unchanged('versioned envelope (kind, schemaVersion)'),
    { version: 2, description: 'one style per surface: widget_name + custom_widget_style become styles[widget_name]', up: customStyleV1ToV2 },
  ],
  email_template: [unchanged('versioned envelope (kind, schemaVersion)')],
  email_document: [unchanged('the built-in email editor: subject, preheader, style and blocks')],
};

/** The schema version this build saves for `kind`: the version its last up step produces. */
export const currentSchemaVersion = (kind: DocumentKind): number => MIGRATIONS[kind].at(-1)?.version ?? 0;

import { z } from 'zod';
import { THEMES, withSurfaceStyle } from '../../../renderers/contract/index.ts';
import { dataEnvelope } from '../../contract/common.ts';
import {
  customStyleBody,
  documentState,
  draftBody,
  kindParams,
  launcherSaveBody,
  option,
  PROGRAM_TYPE_OPTIONS,
  programPreview,
  publishBody,
  publishedDocumentState,
  publishedVersion,
  surfaceSummary as surfaceSummaryShape,
  THEME_LABELS,
  themeSetting,
  themeStoreBody,
  versionConflictBody,
  WIDGET_TYPE_OPTIONS,
} from './contract/onsite-display.ts';
import {
  changeDraft,
  DocumentInvalidError,
  getDocument,
  loadPublishedDocument,
  publishSurfaceStyles,
  publishVersion,
  saveDraft,
  surfaceSummary,
} from '../../domain/documents/index.ts';
import { getProgramData } from '../program/index.ts';
import type { App, RouteModule } from '../../http/context.ts';
import { author, documentErrorHandler, inBody, registerVersionRoutes, savedResponses } from '../../http/document-routes.ts';
import { registerPresenceRoutes } from './editing-presence-routes.ts';
import { registerPreviewRoutes } from './preview-link-routes.ts';
import { registerScheduleRoutes } from './publish-schedule-routes.ts';

const TAGS = ['onsite-display'];
const state = { 200: dataEnvelope(documentState) };

/** The builder's uniform resource: one path per kind for draft, publish, versions and restore. */
function registerUniformRoutes(app: App): void {
  app.get(
    '/onsite-display',
    {
      config: { permission: 'program:read' },
      schema: { tags: TAGS, summary: 'The four shopper surfaces and their publish state', response: { 200: dataEnvelope(z.array(surfaceSummaryShape)) } },
    },
    async (request) => ({ data: await surfaceSummary(app.db, request.store.id) }),
  );

  // a static path: it wins over /onsite-display/:kind
  app.get(
    '/onsite-display/program',
    {
      config: { permission: 'program:read' },
      schema: {
        tags: TAGS,
        summary: "The store's program as the storefront draws it, for the builder's canvas",
        response: { 200: dataEnvelope(programPreview) },
      },
    },
    async (request) => ({ data: await getProgramData(app.db, request.store.id) }),
  );

  app.get(
    '/onsite-display/:kind',
    {
      config: { permission: 'program:read' },
      schema: { tags: TAGS, summary: 'Current draft with draft and published version numbers', params: kindParams, response: state },
    },
    async (request) => ({ data: await getDocument(app.db, request.store.id, request.params.kind) }),
  );

  app.get(
    '/onsite-display/:kind/published',
    {
      config: { permission: 'program:read' },
      schema: {
        tags: TAGS,
        summary: 'What shoppers see: the published document, or the preset default (version null) when nothing is published',
        params: kindParams,
        response: { 200: dataEnvelope(publishedDocumentState) },
      },
    },
    async (request) => ({ data: await loadPublishedDocument(app.db, request.store.id, request.params.kind) }),
  );

  app.post(
    '/onsite-display/:kind/publish',
    {
      config: { permission: 'program:publish' },
      schema: {
        tags: TAGS,
        summary: 'Make a version the published one (for the custom style, optionally only some surfaces)',
        params: kindParams,
        body: publishBody,
        response: { 200: dataEnvelope(publishedVersion), 409: versionConflictBody },
      },
    },
    async (request) => {
      const { kind } = request.params;
      const { version, surfaces } = request.body;
      const action = { ...author(request), version, now: app.clock.now() };
      if (!surfaces) return { data: await publishVersion(app.db, { ...action, kind }) };
      if (kind !== 'custom_style')
        throw new DocumentInvalidError('surfaces: only the custom style is published by surface', {
          surfaces: 'Only the custom style is published by surface',
        });
      return { data: await publishSurfaceStyles(app.db, { ...action, surfaces }) };
    },
  );

  registerVersionRoutes(app, { path: '/onsite-display/:kind', params: kindParams, variant: 'a', name: 'the document', tags: TAGS });
}

/** Spec §7 "Widget, launcher, theme", each mapped onto the documents service. */
function registerSpecRoutes(app: App): void {
  app.get(
    '/widget/type',
    { config: { permission: 'program:read' }, schema: { tags: TAGS, summary: 'Widget types on offer', response: { 200: dataEnvelope(z.array(option)) } } },
    async () => ({
      data: WIDGET_TYPE_OPTIONS.map((entry) => ({ ...entry })),
    }),
  );

  app.get(
    '/widget/program-type',
    { config: { permission: 'program:read' }, schema: { tags: TAGS, summary: 'Program types on offer', response: { 200: dataEnvelope(z.array(option)) } } },
    async () => ({ data: PROGRAM_TYPE_OPTIONS.map((entry) => ({ ...entry })) }),
  );

  app.get(
    '/theme/setting',
    {
      config: { permission: 'program:read' },
      schema: { tags: TAGS, summary: "The widget's theme and the themes on offer", response: { 200: dataEnvelope(themeSetting) } },
    },
    async (request) => {
      const widget = await getDocument(app.db, request.store.id, 'widget');
      return {
        data: {
          theme_type: widget.document.theme_type,
          draft_version: widget.draft_version,
          themes: THEMES.map((value) => ({ value, label: THEME_LABELS[value] })),
        },
      };
    },
  );

  app.post(
    '/theme/store',
    {
      config: { permission: 'program:edit' },
      schema: { tags: TAGS, summary: "Save the widget's theme as a new widget draft", body: themeStoreBody, response: savedResponses },
    },
    async (request) => {
      const { base_version: baseVersion, theme_type: themeType } = request.body;
      return { data: await changeDraft(app.db, { ...author(request), kind: 'widget', baseVersion }, (widget) => ({ ...widget, theme_type: themeType })) };
    },
  );

  app.get(
    '/widget',
    { config: { permission: 'program:read' }, schema: { tags: TAGS, summary: 'Widget settings (current draft)', response: state } },
    async (request) => ({
      data: await getDocument(app.db, request.store.id, 'widget'),
    }),
  );

  app.post(
    '/widget/store',
    {
      config: { permission: 'program:edit' },
      schema: { tags: TAGS, summary: 'Save the widget settings as a draft', body: draftBody, response: savedResponses },
    },
    async (request) => {
      const { base_version: baseVersion, document } = request.body;
      return { data: await inBody('document', saveDraft(app.db, { ...author(request), kind: 'widget', baseVersion, document })) };
    },
  );

  app.get(
    '/launcher',
    { config: { permission: 'program:read' }, schema: { tags: TAGS, summary: 'Launcher settings (current draft)', response: state } },
    async (request) => ({
      data: await getDocument(app.db, request.store.id, 'launcher'),
    }),
  );

  app.post(
    '/launcher/store',
    {
      config: { permission: 'program:edit' },
      schema: { tags: TAGS, summary: 'Save the launcher settings as a draft', body: draftBody, response: savedResponses },
    },
    async (request) => {
      const { base_version: baseVersion, document } = request.body;
      return { data: await inBody('document', saveDraft(app.db, { ...author(request), kind: 'launcher', baseVersion, document })) };
    },
  );

  app.post(
    '/launcher/save',
    {
      config: { permission: 'program:edit' },
      schema: { tags: TAGS, summary: 'Change some launcher properties of one or both devices', body: launcherSaveBody, response: savedResponses },
    },
    async (request) => {
      const { base_version: baseVersion, properties } = request.body;
      const change = changeDraft(app.db, { ...author(request), kind: 'launcher', baseVersion }, (launcher) => ({
        ...launcher,
        desktop: { ...launcher.desktop, ...properties.desktop },
        mobile: { ...launcher.mobile, ...properties.mobile },
      }));
      return { data: await inBody('properties', change) };
    },
  );

  app.post(
    '/widget/product-page-settings',
    {
      config: { permission: 'program:edit' },
      schema: { tags: TAGS, summary: 'Save the product page settings as a draft', body: draftBody, response: savedResponses },
    },
    async (request) => {
      const { base_version: baseVersion, document } = request.body;
      return { data: await inBody('document', saveDraft(app.db, { ...author(request), kind: 'product_page', baseVersion, document })) };
    },
  );

  app.post(
    '/store/custom-style',
    {
      config: { permission: 'program:edit' },
      schema: {
        tags: TAGS,
        summary: "Save one surface's custom style into the custom style draft (an empty style removes it)",
        body: customStyleBody,
        response: savedResponses,
      },
    },
    async (request) => {
      const { base_version: baseVersion, widget_name: surface, custom_widget_style: style } = request.body;
      return {
        data: await changeDraft(app.db, { ...author(request), kind: 'custom_style', baseVersion }, (current) => withSurfaceStyle(current, surface, style)),
      };
    },
  );
}

/** On-site display: widget, launcher, theme, product page, custom style, landing page and sticky bar documents. */
export const onsiteDisplayRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    app.setErrorHandler(documentErrorHandler(app.config.bodyLimitBytes));
    registerUniformRoutes(app);
    registerScheduleRoutes(app);
    registerPreviewRoutes(app);
    registerPresenceRoutes(app);
    registerSpecRoutes(app);
  },
};

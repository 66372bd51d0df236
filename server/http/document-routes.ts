/**
 * The documents service on HTTP, shared by the routes that keep a line of versions: the builder's
 * uniform resource (`/onsite-display/{kind}`, variant A) and a surface's variant B
 * (`/onsite-display/variants/{kind}`, the experiments module). Both save drafts on a base version
 * (409 when stale), list versions and restore one the same way.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dataEnvelope } from '../contract/common.ts';
import { restoreBody, savedVersion, studioDraftBody, versionConflictBody, versionInfo, versionsQuery } from '../contract/onsite-display.ts';
import {
  DocumentInvalidError,
  listVersions,
  restoreVersion,
  saveDraft,
  VersionConflictError,
  VersionNotFoundError,
  type DocumentVariant,
} from '../domain/documents/index.ts';
import type { DocumentKind } from '../../renderers/contract/index.ts';
import type { App } from './context.ts';
import { errorHandler } from './errors.ts';

export const savedResponses = { 200: dataEnvelope(savedVersion), 409: versionConflictBody };

/** Who is saving: the store of the tokens, never one named in the request. */
export const author = (request: FastifyRequest) => ({ storeId: request.store.id, userId: request.user.id });

/** Document paths → body paths (`document.sections.0.title`) for the error body. */
export async function inBody<T>(prefix: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof DocumentInvalidError) || !prefix) throw error;
    const errors = Object.fromEntries(Object.entries(error.errors).map(([path, message]) => [path === '_root' ? prefix : `${prefix}.${path}`, message]));
    const [field, message] = Object.entries(errors)[0] ?? [prefix, error.message];
    throw new DocumentInvalidError(`${field}: ${message}`, errors);
  }
}

/** The documents service's refusals as API errors; everything else as the app answers it. */
export function documentErrorHandler(bodyLimitBytes: number) {
  const fallback = errorHandler(bodyLimitBytes);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const send = (status: number, body: object) => reply.code(status).type('application/json').send(body);
    if (error instanceof VersionConflictError) {
      return send(409, { message: error.message, errors: {}, code: 'version_conflict', current_version: error.currentVersion });
    }
    if (error instanceof DocumentInvalidError) return send(422, { message: error.message, errors: error.errors, code: 'validation_failed' });
    if (error instanceof VersionNotFoundError) return send(404, { message: error.message, errors: { version: error.message }, code: 'not_found' });
    return fallback(error, request, reply);
  };
}

/** The `:kind` of a route whose params schema parsed it. */
const kindOf = (request: FastifyRequest) => (request.params as { kind: DocumentKind }).kind;

interface VersionRoutes {
  /** the document's path with its `:kind` parameter */
  path: string;
  /** parses `:kind` */
  params: z.ZodType<{ kind: DocumentKind }>;
  variant: DocumentVariant;
  /** what the summaries call the document ("the document", "variant B") */
  name: string;
  tags: string[];
}

/**
 * `POST {path}/draft`, `GET {path}/versions` and `POST {path}/restore` of one variant. The scope
 * registering them answers with documentErrorHandler.
 */
export function registerVersionRoutes(app: App, { path, params, variant, name, tags }: VersionRoutes): void {
  app.post(
    `${path}/draft`,
    {
      config: { permission: 'program:edit' },
      schema: { tags, summary: `Save a draft of ${name} (409 when base_version is not the latest)`, params, body: studioDraftBody, response: savedResponses },
    },
    async (request) => {
      const { base_version: baseVersion, document, conflict } = request.body;
      return { data: await inBody('document', saveDraft(app.db, { ...author(request), kind: kindOf(request), variant, baseVersion, document, conflict })) };
    },
  );

  app.get(
    `${path}/versions`,
    {
      config: { permission: 'program:read' },
      schema: {
        tags,
        summary: `Saved versions of ${name}, newest first`,
        params,
        querystring: versionsQuery,
        response: { 200: dataEnvelope(z.array(versionInfo)) },
      },
    },
    async (request) => ({ data: await listVersions(app.db, request.store.id, kindOf(request), request.query.limit, variant) }),
  );

  app.post(
    `${path}/restore`,
    {
      config: { permission: 'program:publish' },
      schema: { tags, summary: `Restore a version of ${name} as a new draft`, params, body: restoreBody, response: savedResponses },
    },
    async (request) => ({
      data: await restoreVersion(app.db, {
        ...author(request),
        kind: kindOf(request),
        variant,
        version: request.body.version,
        baseVersion: request.body.base_version,
      }),
    }),
  );
}

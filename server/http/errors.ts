import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The error body of every API answer (DESIGN.md §4). */
export interface ErrorBody {
  message: string;
  errors: Record<string, string>;
  code: string;
}

/** Thrown by handlers for an expected failure; rendered as `{ message, errors, code }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly errors: Record<string, string> = {},
    /** headers the answer carries (Retry-After of a 429) */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const unauthenticated = () => new ApiError(401, 'Unauthenticated.', 'unauthenticated');
export const notFound = (what: string) => new ApiError(404, `${what} not found.`, 'not_found');

const FASTIFY_MESSAGES: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.', 'malformed_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty: send a JSON object.', 'empty_body'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type: send the body as application/json.', 'unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The Content-Length header does not match the body.', 'bad_content_length'],
};

/** Zod issues → `{ "field.path": "message" }`; unknown fields are named one by one. */
function validationErrors(
  validation: ReadonlyArray<{ instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of validation) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys) errors[path ? `${path}.${String(key)}` : String(key)] ??= 'Unknown field.';
      continue;
    }
    errors[path || 'body'] ??= issue.message ?? 'Invalid value.';
  }
  return errors;
}

function describe(error: FastifyError, request: FastifyRequest, bodyLimitBytes: number): { status: number; body: ErrorBody } {
  if (error instanceof ApiError) return { status: error.status, body: { message: error.message, errors: error.errors, code: error.code } };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = validationErrors(error.validation);
    const [field, first] = Object.entries(errors)[0] ?? ['body', 'Invalid value.'];
    const where = error.validationContext === 'body' ? '' : ` (${error.validationContext ?? 'request'})`;
    return { status: 422, body: { message: `${field}: ${first}${where}`, errors, code: 'validation_failed' } };
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    // the route's own limit (a route or its scope may set a smaller one than the server's)
    const limit = `${Math.round((request.routeOptions?.bodyLimit ?? bodyLimitBytes) / 1024)} KB`;
    const message = request.routeOptions?.config?.tooLargeMessage ?? `The request body is larger than the ${limit} limit.`;
    return { status: 413, body: { message, errors: {}, code: 'payload_too_large' } };
  }
  const known = FASTIFY_MESSAGES[error.code];
  if (known) return { status: known[0], body: { message: known[1], errors: {}, code: known[2] } };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = status === 429 ? 'too_many_requests' : 'bad_request';
    return { status, body: { message: error.message || 'Bad request.', errors: {}, code } };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.', errors: {}, code: 'server_error' } };
}

export function errorHandler(bodyLimitBytes: number) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = describe(error, request, bodyLimitBytes);
    if (error instanceof ApiError) reply.headers(error.headers);
    return reply.code(status).type('application/json').send(body);
  };
}

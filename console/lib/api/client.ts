import { ApiError, KIND_MESSAGES, isUnauthenticatedAnswer, kindForStatus } from './errors.ts';

/** Tokens of the stored login (spec §3 / §6). */
export interface SessionTokens {
  token: string;
  storeAccessToken?: string | null | undefined;
  userAccessToken?: string | null | undefined;
}

export type ApiHost = 'api' | 'data';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  host?: ApiHost;
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  apiBase: () => string;
  dataBase: () => string;
  session: () => SessionTokens | null;
  /** spec §8: any unauthenticated answer (the session decides what to do) */
  onUnauthenticated?: (error: ApiError) => void;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** spec §7 / §6: the headers every request carries. */
export function requestHeaders(session: SessionTokens | null, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
  };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (session?.token) {
    headers.Authorization = `Bearer ${session.token}`;
    if (session.storeAccessToken) headers['X-Store-Access-Token'] = session.storeAccessToken;
    if (session.userAccessToken) headers['X-User-Access-Token'] = session.userAccessToken;
  }
  return headers;
}

export function buildUrl(base: string, path: string, params?: QueryParams): string {
  const joined = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  const query = search.toString();
  return query ? `${joined}${joined.includes('?') ? '&' : '?'}${query}` : joined;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
}

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
  code?: unknown;
}

/**
 * The one HTTP client of the console: headers of spec §6/§7, bodies unwrapped to `data`,
 * a timeout (spec §9: 60 s), failures classified (spec §8), unauthenticated answers reported.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function request<T>(method: string, path: string, { host = 'api', params, body, signal }: RequestOptions = {}): Promise<T> {
    const url = buildUrl(host === 'data' ? options.dataBase() : options.apiBase(), path, params);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
    const onCallerAbort = () => controller.abort();
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', onCallerAbort);
    const hasBody = body !== undefined;

    const sentWith = options.session();
    // an answer to tokens the console has since replaced (a store switched mid-request) says nothing of the session now
    const unauthenticated = (error: ApiError) => {
      if (JSON.stringify(options.session()) === JSON.stringify(sentWith)) options.onUnauthenticated?.(error);
    };
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers: requestHeaders(sentWith, hasBody),
        body: hasBody ? JSON.stringify(body) : null,
        signal: controller.signal,
      });
    } catch (failure) {
      // an abort the page itself made (a frame torn down, a navigation) is an abort too, not a network error
      const aborted = controller.signal.aborted || (failure as { name?: unknown } | null)?.name === 'AbortError';
      const kind = timedOut ? 'timeout' : aborted ? 'aborted' : 'network error';
      throw new ApiError(KIND_MESSAGES[kind], { kind });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }

    const text = await response.text().catch(() => '');
    let parsed: unknown = undefined;
    let parseFailed = false;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parseFailed = true;
      }
    }

    if (!response.ok) {
      const errorBody = (parsed && typeof parsed === 'object' ? parsed : {}) as ErrorBody;
      const serverMessage = typeof errorBody.message === 'string' && errorBody.message ? errorBody.message : undefined;
      const message = serverMessage ?? KIND_MESSAGES[kindForStatus(response.status)];
      const error = new ApiError(message, {
        kind: kindForStatus(response.status),
        status: response.status,
        code: errorBody.code === undefined ? undefined : String(errorBody.code),
        errors: isStringRecord(errorBody.errors) ? errorBody.errors : undefined,
        serverMessage,
      });
      if (isUnauthenticatedAnswer(response.status, errorBody.message, errorBody.code)) unauthenticated(error);
      throw error;
    }
    if (parseFailed) throw new ApiError(KIND_MESSAGES['bad response'], { kind: 'bad response', status: response.status });
    // A 200 that still says "unauthenticated" counts too (spec §8).
    if (parsed && typeof parsed === 'object' && isUnauthenticatedAnswer(undefined, (parsed as ErrorBody).message)) {
      const error = new ApiError(String((parsed as ErrorBody).message), { kind: 'bad request', status: 401 });
      unauthenticated(error);
      throw error;
    }
    return unwrapData<T>(parsed);
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
  };
}

/** spec §7: response bodies are unwrapped to the data field. */
export function unwrapData<T>(body: unknown): T {
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data;
  return body as T;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return !!value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
}

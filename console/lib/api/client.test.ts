import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUrl, createApiClient, requestHeaders, unwrapData, type SessionTokens } from './client.ts';
import { ApiError } from './errors.ts';

type FetchArgs = [string, RequestInit];

function clientWith(respond: (url: string, init: RequestInit) => Promise<Response>, session: SessionTokens | null = null, timeoutMs = 60_000) {
  const calls: FetchArgs[] = [];
  const onUnauthenticated = vi.fn();
  const client = createApiClient({
    apiBase: () => '/api/v1',
    dataBase: () => '/data/v1',
    session: () => session,
    onUnauthenticated,
    timeoutMs,
    fetch: (input, init) => {
      calls.push([String(input), init!]);
      return respond(String(input), init!);
    },
  });
  return { client, calls, onUnauthenticated };
}

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  vi.useRealTimers();
});

/** A server that never answers; only an abort ends the request. */
const hang = (_url: string, init: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

describe('request headers (spec §6 / §7)', () => {
  it.each<[string, SessionTokens | null, Record<string, string | undefined>]>([
    ['no token yet: only the base headers', null, { Authorization: undefined, 'X-Store-Access-Token': undefined, 'X-User-Access-Token': undefined }],
    [
      'once a token exists: bearer, store and user tokens',
      { token: 't1', storeAccessToken: 's1', userAccessToken: 'u1' },
      { Authorization: 'Bearer t1', 'X-Store-Access-Token': 's1', 'X-User-Access-Token': 'u1' },
    ],
  ])('%s', (_name, session, expected) => {
    const headers = requestHeaders(session, false);
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers.Accept).toBe('application/json');
    expect(headers['Cache-Control']).toBe('no-cache');
    for (const [key, value] of Object.entries(expected)) expect(headers[key]).toBe(value);
  });

  it('a body adds its content type', () => {
    expect(requestHeaders(null, true)['Content-Type']).toBe('application/json');
  });
});

describe('bases and bodies', () => {
  it.each([
    ['api', '/user/details', undefined, '/api/v1/user/details'],
    ['data', 'customer', { page: 2, search: 'ali', status: undefined }, '/data/v1/customer?page=2&search=ali'],
  ] as const)('%s host: %s', async (host, path, params, url) => {
    const { client, calls } = clientWith(() => json({ data: 1 }));
    await client.get(path, { host, ...(params ? { params } : {}) });
    expect(calls[0]![0]).toBe(url);
    expect(buildUrl(host === 'api' ? '/api/v1/' : '/data/v1', path, params)).toBe(url);
  });

  it('answers are unwrapped to their data field (spec §7)', async () => {
    const { client, calls } = clientWith(() => json({ data: { name: 'Olivia' } }));
    await expect(client.post('/account/login', { code: 'x' })).resolves.toEqual({ name: 'Olivia' });
    expect(calls[0]![1].method).toBe('POST');
    expect(calls[0]![1].body).toBe('{"code":"x"}');
    expect(unwrapData({ other: 1 })).toEqual({ other: 1 });
  });
});

describe('transport failures are classified (spec §8)', () => {
  it.each<[string, () => Promise<Response>, string, number | undefined]>([
    ['fetch rejects → network error', () => Promise.reject(new TypeError('Failed to fetch')), 'network error', undefined],
    [
      '4xx → bad request',
      () => json({ message: 'Enter a valid URL.', errors: { website: 'Enter a valid URL.' }, code: 'validation' }, 422),
      'bad request',
      422,
    ],
    ['5xx → bad response', () => json({ message: 'Boom' }, 500), 'bad response', 500],
    ['unparsable body → bad response', () => Promise.resolve(new Response('<html>', { status: 200 })), 'bad response', 200],
  ])('%s', async (_name, respond, kind, status) => {
    const { client } = clientWith(respond);
    const error = await client.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe(kind);
    expect((error as ApiError).status).toBe(status);
  });

  it('a server error keeps its message, field errors and code', async () => {
    const { client } = clientWith(() => json({ message: 'Enter a valid URL.', errors: { website: 'Enter a valid URL.' }, code: 'validation' }, 422));
    const error = (await client.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Enter a valid URL.');
    expect(error.serverMessage).toBe('Enter a valid URL.');
    expect(error.errors).toEqual({ website: 'Enter a valid URL.' });
    expect(error.code).toBe('validation');
  });

  it('no answer within 60 s → timeout (spec §9)', async () => {
    vi.useFakeTimers();
    const { client } = clientWith(hang, null, 60_000);
    const pending = client.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(((await pending) as ApiError).kind).toBe('timeout');
  });

  it('the caller aborting → aborted', async () => {
    const { client } = clientWith(hang);
    const controller = new AbortController();
    const pending = client.get('/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(((await pending) as ApiError).kind).toBe('aborted');
  });
});

describe('unauthenticated answers are reported (spec §8: "unauthenticated" or code 401)', () => {
  it.each<[string, () => Promise<Response>, boolean]>([
    ['401', () => json({ message: 'Unauthenticated.' }, 401), true],
    ['401 without a body', () => Promise.resolve(new Response('', { status: 401 })), true],
    ['403 saying unauthenticated', () => json({ message: 'unauthenticated' }, 403), true],
    ['200 whose body says Unauthenticated.', () => json({ message: 'Unauthenticated.' }), true],
    ['422 validation', () => json({ message: 'Enter a title.' }, 422), false],
    ['500', () => json({ message: 'Boom' }, 500), false],
  ])('%s → reported: %s', async (_name, respond, reported) => {
    const { client, onUnauthenticated } = clientWith(respond);
    await client.get('/user/details').catch(() => undefined);
    expect(onUnauthenticated).toHaveBeenCalledTimes(reported ? 1 : 0);
  });

  it('an unauthenticated answer to tokens replaced meanwhile (a store switched mid-request) signs nobody out', async () => {
    let tokens: SessionTokens = { token: 't', storeAccessToken: 'store-a', userAccessToken: 'u' };
    const onUnauthenticated = vi.fn();
    const client = createApiClient({
      apiBase: () => '/api/v1',
      dataBase: () => '/data/v1',
      session: () => tokens,
      onUnauthenticated,
      timeoutMs: 60_000,
      fetch: () => {
        if (tokens.storeAccessToken === 'store-a') tokens = { ...tokens, storeAccessToken: 'store-b' };
        return json({ message: 'Unauthenticated.' }, 401);
      },
    });
    await expect(client.get('/user/details')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthenticated).not.toHaveBeenCalled();
    // the same answer to the tokens still in use does
    await expect(client.get('/user/details')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.ts';
import { EMAIL_SAVE_FAILED_MESSAGE, EMAIL_TOO_LARGE_MESSAGE, emailSaveFailure, fetchLandingPage, optimiseTemplate, saveEmailTemplate } from './endpoints.ts';
import { ApiError } from './errors.ts';

const clientAnswering = (status: number, body: unknown) => createApiClient({
  apiBase: () => '/api/v1', dataBase: () => '/data/v1', session: () => null, timeoutMs: 1000,
  fetch: () => Promise.resolve(new Response(body === undefined ? '' : JSON.stringify(body), { status })),
});

describe('email editor save (spec §8)', () => {
  it('the exact messages', () => {
    expect(EMAIL_TOO_LARGE_MESSAGE).toBe('The email template is too large to save. Please try reducing the content or images.');
    expect(EMAIL_SAVE_FAILED_MESSAGE).toBe('Failed to save email template');
  });

  it.each<[string, number, unknown, { message: string; code: number }]>([
    ['413 with the server\'s user message', 413, { message: 'Your template is 3 MB; the limit is 1 MB.' }, { message: 'Your template is 3 MB; the limit is 1 MB.', code: 413 }],
    ['413 without a message', 413, undefined, { message: EMAIL_TOO_LARGE_MESSAGE, code: 413 }],
    ['422 with a server message', 422, { message: 'Enter a subject.' }, { message: 'Enter a subject.', code: 422 }],
    ['500 without a message', 500, {}, { message: EMAIL_SAVE_FAILED_MESSAGE, code: 500 }],
  ])('%s', async (_name, status, body, expected) => {
    const result = await saveEmailTemplate(clientAnswering(status, body), 7, { content: '<p>Hi</p>' });
    expect(result).toEqual({ success: false, ...expected });
  });

  it('no response at all → the default message and code 500', () => {
    expect(emailSaveFailure(new ApiError('Network error', { kind: 'network error' }))).toEqual({ success: false, message: EMAIL_SAVE_FAILED_MESSAGE, code: 500 });
    expect(emailSaveFailure(new Error('odd'))).toEqual({ success: false, message: EMAIL_SAVE_FAILED_MESSAGE, code: 500 });
  });

  it('success answers success true with the data', async () => {
    await expect(saveEmailTemplate(clientAnswering(200, { data: { id: 7 } }), 7, { content: 'x' })).resolves.toEqual({ success: true, data: { id: 7 } });
  });
});

describe('template optimisation falls back to the original data on error (spec §7)', () => {
  it.each<[string, unknown, unknown]>([
    ['whitespace between tags is removed', { content: '<p>a</p>\n   <p>b</p>\n', json_content: {} }, { content: '<p>a</p><p>b</p>', json_content: {} }],
    ['no content: unchanged', { json_content: { a: 1 } }, { json_content: { a: 1 } }],
    ['not an object: unchanged', 'text', 'text'],
  ])('%s', (_name, input, output) => {
    expect(optimiseTemplate(input)).toEqual(output);
  });

  it('a failure inside returns the very same object', () => {
    const hostile = { get content(): string { throw new Error('no'); } };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(optimiseTemplate(hostile)).toBe(hostile);
  });
});

describe('landing page fetch (spec §8: "HTTP error! status: {status}")', () => {
  it.each([404, 500, 503])('status %i', async (status) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const doFetch = () => Promise.resolve(new Response('nope', { status }));
    await expect(fetchLandingPage('', 'demo-outdoor-co', doFetch)).rejects.toThrow(`HTTP error! status: ${status}`);
  });

  it('OK answers the HTML from {host}/landing/{store key}', async () => {
    const doFetch = vi.fn(() => Promise.resolve(new Response('<html>landing</html>')));
    await expect(fetchLandingPage('https://widgets.example.com/', 'demo-outdoor-co', doFetch as unknown as typeof fetch)).resolves.toBe('<html>landing</html>');
    expect(doFetch).toHaveBeenCalledWith('https://widgets.example.com/landing/demo-outdoor-co');
  });
});

import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signIn } from '../../../tests/helpers/server.ts';
import { MAX_UPLOAD_BYTES } from './contract.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function form(content: Buffer | string, fileName: string, type: string, field = 'file') {
  const data = new FormData();
  data.append(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), fileName);
  return data;
}

describeEachDatabase('gallery and icons', (ctx) => {
  const mediaRows = async () => JSON.stringify(await ctx.db.selectFrom('media').select(['id', 'store_id', 'file_name']).orderBy('id').execute());
  const upload = async (payload: FormData | string, extra: Record<string, string> = {}) => {
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    return ctx.app.inject({ method: 'POST', url: '/api/v1/gallery/upload', headers: { ...headers, ...extra }, payload });
  };

  it('stores an image checked by content and serves it back', async () => {
    const response = await upload(form(PNG, 'logo.jpg', 'image/jpeg'));
    expect(response.statusCode).toBe(201);
    const media = response.json().data;
    expect(media).toMatchObject({ file_name: 'logo.png', mime_type: 'image/png', size_bytes: PNG.length });
    const served = await ctx.app.inject({ method: 'GET', url: media.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses files that are not images, whatever their name says, and stores nothing', async () => {
    const before = await mediaRows();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const payload of [
      form('hello', 'photo.png', 'image/png'),
      form(svg, 'icon.svg', 'image/svg+xml'),
      form(Buffer.from('%PDF-1.4\n'), 'x.png', 'image/png'),
      form('', 'empty.png', 'image/png'),
    ]) {
      const response = await upload(payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'unsupported_file', errors: { file: 'Not a PNG, JPEG, GIF or WebP image.' } });
    }
    expect((await upload(form(GIF, 'x.gif', 'image/gif', 'image'))).json()).toMatchObject({ errors: { file: 'Required.' } });
    expect((await upload(JSON.stringify({ file: 'x' }), { 'content-type': 'application/json' })).statusCode).toBe(415);
    expect(await mediaRows()).toBe(before);
  });

  it('refuses images over 5 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const response = await upload(form(big, 'big.png', 'image/png'));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large', message: 'The image is larger than the 5 MB limit.' });
  });

  it("lists the current store's images only, newest first, with paging", async () => {
    await upload(form(GIF, 'second.gif', 'image/gif'));
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    const list = await ctx.app.inject({ method: 'POST', url: '/api/v1/gallery/list', headers, payload: { page: 1, limit: 2 } });
    expect(list.statusCode).toBe(200);
    const data = list.json().data;
    expect(data.total).toBe(3);
    expect(data.items.map((item: { file_name: string }) => item.file_name)).toEqual(['second.gif', 'logo.png']);
    const bob = await signIn(ctx.app, ctx.fixture.users.bob, ctx.fixture.password);
    const other = await ctx.app.inject({ method: 'POST', url: '/api/v1/gallery/list', headers: bob.headers });
    expect(other.json().data.items.map((item: { file_name: string }) => item.file_name)).toEqual(['beta.png']);
  });

  it('lists the icon library of presets, filtered by name', async () => {
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    const all = (await ctx.app.inject({ method: 'POST', url: '/api/v1/icons/list', headers })).json().data;
    expect(all.length).toBeGreaterThan(10);
    expect(all[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), path: expect.any(String), viewBox: '0 0 24 24' });
    const cake = (await ctx.app.inject({ method: 'POST', url: '/api/v1/icons/list', headers, payload: { search: 'CAKE' } })).json().data;
    expect(cake.map((icon: { id: string }) => icon.id)).toEqual(['cake']);
  });

  it('serves an image by an unguessable key only: not by its sequential id, and two keys share nothing', async () => {
    const first = (await upload(form(PNG, 'one.png', 'image/png'))).json().data;
    const second = (await upload(form(PNG, 'two.png', 'image/png'))).json().data;
    for (const media of [first, second]) expect(media.url).toMatch(/^\/media\/[0-9a-f]{32}$/);
    expect(second.url).not.toBe(first.url);
    expect((await ctx.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(200);
    for (const guess of [
      `/media/${second.id}`,
      `/media/${ctx.fixture.storeB.mediaId}`,
      '/media/1',
      `${second.url.slice(0, -1)}${second.url.endsWith('0') ? '1' : '0'}`,
    ]) {
      const refused = await ctx.app.inject({ method: 'GET', url: guess });
      expect(refused.statusCode, guess).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'not_found' });
    }
  });
});

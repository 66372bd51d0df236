import { expect, it, beforeAll } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { earningRuleBody } from '../../contract/points.ts';
import { readAccount, verifyLedger } from '../../domain/ledger/index.ts';
import { createEarningRule } from '../rules/index.ts';
import { customerDigest } from '../../auth/shopper-digest.ts';
import { RECEIPTS_PER_HOUR } from './service.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function form(content: Buffer | string, fileName = 'receipt.png', field = 'receipt') {
  const data = new FormData();
  data.append(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'image/png' }), fileName);
  return data;
}

describeEachDatabase('receipt moderation', (ctx) => {
  const store = () => ctx.fixture.storeB;
  const externalId = 'receipt-shopper';
  const sign = (id = externalId) => ({ customer_id: id, digest: customerDigest(store().hmacSecret, id) });
  const send = (query: Record<string, string>, payload: FormData | string = form(PNG)) =>
    ctx.app.inject({ method: 'POST', url: `/storefront/v1/${store().storeName}/receipts?${new URLSearchParams(query)}`, payload });
  const mine = async () =>
    (await ctx.app.inject({ method: 'GET', url: `/storefront/v1/${store().storeName}/receipts?${new URLSearchParams(sign())}` })).json().data;
  const staff = async (method: 'GET' | 'POST', url: string, payload?: object, storeId = store().id, user = ctx.fixture.users.bob) => {
    const { headers } = await signInOnStore(ctx.app, user, ctx.fixture.password, storeId);
    return ctx.app.inject({ method, url: `/data/v1${url}`, headers, ...(payload ? { payload } : {}) });
  };
  let customerId = 0;

  beforeAll(async () => {
    customerId = ctx.fixture.storeB.customerIds[1]!;
    await ctx.db.updateTable('customers').set({ external_id: externalId }).where('id', '=', customerId).execute();
  });

  it('takes a signed-in shopper’s receipt photo, checked like the gallery, and refuses bad input with nothing stored', async () => {
    const count = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('receipts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await send({ ...sign(), digest: '0'.repeat(64), amount: '10' })).statusCode).toBe(401);
    expect((await send({ ...sign('nobody'), amount: '10' })).statusCode).toBe(404);
    const badAmount = await send({ ...sign(), amount: '-3' });
    expect(badAmount.statusCode).toBe(422);
    expect(badAmount.json().message).toBeTruthy();
    expect((await send({ ...sign(), amount: '0' })).statusCode).toBe(422);
    const notImage = await send({ ...sign(), amount: '10' }, form('%PDF-1.4\n'));
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors).toHaveProperty('receipt');
    expect((await send({ ...sign(), amount: '10' }, form(PNG, 'r.png', 'file'))).statusCode).toBe(422);
    expect((await send({ ...sign(), amount: '10' }, form(Buffer.alloc(5 * 1024 * 1024 + 10, 1)))).statusCode).toBe(413);
    expect(await count()).toBe(before);

    const sent = await send({ ...sign(), amount: '42.50', purchased_on: '2026-01-15' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({ amount_minor: 4250, status: 'pending', points: null });
    expect((await mine())[0]).toMatchObject({ amount_minor: 4250, status: 'pending' });
  });

  it('shows staff the queue with image, amount and customer; approves once by the order rule and rejects with a reason the shopper sees', async () => {
    await createEarningRule(ctx.db, store().id, earningRuleBody.parse({ type: 'order', title: 'Order', points: 2 }), ctx.clock.now());
    const second = (await send({ ...sign(), amount: '9.99' })).json().data;
    const queue = (await staff('POST', '/receipt/list?page=1', { status: 'pending' })).json().data;
    expect(queue.total).toBeGreaterThanOrEqual(2);
    const first = queue.data[0];
    expect(first).toMatchObject({ amount_minor: 4250, purchased_on: '2026-01-15', customer: { id: customerId }, status: 'pending' });
    const image = await staff('GET', first.image_url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await staff('GET', `/receipt/expense/${first.id}`)).json().data).toMatchObject({ id: first.id, customer: { id: customerId } });

    const balance = async () => (await readAccount(ctx.db, store().id, customerId, ctx.clock.now())).balance;
    const before = await balance();
    // 2 points per $1 on $42.50 = 84
    const approved = await staff('POST', '/receipt/review', { receipt_id: first.id, action: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', points: 84, reviewed_by: 'Bob' });
    expect(await balance()).toBe(before + 84);
    const again = await staff('POST', '/receipt/review', { receipt_id: first.id, action: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(await balance()).toBe(before + 84);
    const entry = await ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('source_type', '=', 'receipt')
      .where('source_id', '=', String(first.id))
      .execute();
    expect(entry).toHaveLength(1);
    expect(entry[0]!.reason).toContain(`receipt #${first.id}`);

    expect((await staff('POST', '/receipt/review', { receipt_id: second.id, action: 'reject' })).statusCode).toBe(422);
    const rejected = await staff('POST', '/receipt/review', { receipt_id: second.id, action: 'reject', reason: 'The photo is unreadable' });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'The photo is unreadable', points: null });
    expect(await balance()).toBe(before + 84);
    const outcome = await mine();
    expect(outcome.find((r: { id: number }) => r.id === first.id)).toMatchObject({ status: 'approved', points: 84 });
    expect(outcome.find((r: { id: number }) => r.id === second.id)).toMatchObject({ status: 'rejected', reason: 'The photo is unreadable' });
    expect((await staff('POST', '/receipt/list?page=1', { status: 'approved' })).json().data.data[0].id).toBe(first.id);
    expect(await verifyLedger(ctx.db, store().id)).toEqual([]);

    // another store's staff: 404 alike, nothing listed
    const alice = ctx.fixture.users.alice;
    const other = ctx.fixture.storeA.id;
    expect((await staff('GET', `/receipt/expense/${second.id}`, undefined, other, alice)).statusCode).toBe(404);
    expect((await staff('GET', `/receipt/expense/${second.id}/image`, undefined, other, alice)).statusCode).toBe(404);
    expect((await staff('POST', '/receipt/review', { receipt_id: second.id, action: 'approve' }, other, alice)).statusCode).toBe(404);
    expect((await staff('POST', '/receipt/list', { status: 'all' }, other, alice)).json().data.total).toBe(0);
  });

  it('caps a shopper’s receipts per hour with a clear 429', async () => {
    const recent = await ctx.db
      .selectFrom('receipts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    for (let n = Number(recent.n); n < RECEIPTS_PER_HOUR; n += 1) expect((await send({ ...sign(), amount: '1' })).statusCode).toBe(201);
    const refused = await send({ ...sign(), amount: '1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('an hour');
  });
});

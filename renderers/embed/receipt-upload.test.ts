// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { mountReceipts } from './receipt-upload.ts';

const shopper = { store: 'demo-store', customerId: 'c-1', digest: 'a'.repeat(64), base: new URL('https://rewards.example/embed/') };
const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

it('lists the shopper’s receipts with their outcome, checks the form before sending, and sends the photo with its amount', async () => {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  type Row = { id: number; amount_minor: number; currency: string; status: string; reason: string | null; points: number | null };
  let receipts: Row[] = [
    { id: 2, amount_minor: 1234, currency: 'USD', status: 'approved', reason: null, points: 12 },
    { id: 1, amount_minor: 500, currency: 'USD', status: 'rejected', reason: 'Unreadable', points: null },
  ];
  vi.stubGlobal('fetch', (url: URL, init?: RequestInit) => {
    calls.push({ url: String(url), ...(init ? { init } : {}) });
    if (init?.method === 'POST') {
      receipts = [{ id: 3, amount_minor: 4250, currency: 'USD', status: 'pending', reason: null, points: null }, ...receipts];
      return answer(201, { data: receipts[0] });
    }
    return answer(200, { data: receipts });
  });
  const holder = document.createElement('div');
  document.body.append(holder);
  const unmount = mountReceipts(holder, shopper, (points) => `${points} ${points === 1 ? 'bean' : 'beans'}`);
  await settle();
  await settle();
  const items = () => [...holder.querySelectorAll('[aria-label="Your receipts"] li')].map((li) => li.textContent);
  expect(items()).toEqual(['$12.34 · Approved: +12 beans', '$5.00 · Not accepted: Unreadable']);
  expect(calls[0]!.url).toBe('https://rewards.example/storefront/v1/demo-store/receipts?customer_id=c-1&digest=' + 'a'.repeat(64));

  const form = holder.querySelector('form')!;
  const amount = holder.querySelector<HTMLInputElement>('#ls-w-receipt-amount')!;
  const error = () => holder.querySelector('[role="alert"]')!.textContent;
  amount.value = 'ten';
  form.dispatchEvent(new Event('submit', { cancelable: true }));
  expect(error()).toBe('Enter the amount you paid, e.g. 42.50');
  expect(amount.getAttribute('aria-invalid')).toBe('true');
  amount.value = '42,50';
  form.dispatchEvent(new Event('submit', { cancelable: true }));
  expect(error()).toBe('Choose a photo of the receipt');
  const file = holder.querySelector<HTMLInputElement>('#ls-w-receipt-file')!;
  const pdf = new File(['%PDF'], 'r.pdf', { type: 'application/pdf' });
  Object.defineProperty(file, 'files', { configurable: true, value: [pdf] });
  form.dispatchEvent(new Event('submit', { cancelable: true }));
  expect(error()).toBe('The photo must be a PNG, JPEG, GIF or WebP image');
  expect(calls.filter((call) => call.init?.method === 'POST')).toHaveLength(0);

  const png = new File([new Uint8Array([137, 80, 78, 71])], 'r.png', { type: 'image/png' });
  Object.defineProperty(file, 'files', { configurable: true, value: [png] });
  form.dispatchEvent(new Event('submit', { cancelable: true }));
  await settle();
  await settle();
  await settle();
  const post = calls.find((call) => call.init?.method === 'POST')!;
  expect(new URL(post.url).searchParams.get('amount')).toBe('42.50');
  expect((post.init!.body as FormData).get('receipt')).toBeInstanceOf(File);
  expect(holder.querySelector('[role="status"]')!.textContent).toBe('Receipt sent: we will review it soon.');
  expect(items()[0]).toBe('$42.50 · Waiting for review');
  unmount();
  expect(holder.children).toHaveLength(0);
});

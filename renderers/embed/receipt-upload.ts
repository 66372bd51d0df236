/**
 * The shopper's in-store receipts in the widget: send a photo of a receipt with its
 * amount, and see what became of each (waiting, approved with its points, rejected and why).
 * Its own chunk, in plain DOM and importing nothing (so no code moves out of the panel module):
 * panel.tsx loads it only when a signed-in shopper opens the points panel.
 */
import type { Shopper } from './panel-api.ts';

interface ShopperReceipt {
  id: number;
  amount_minor: number;
  currency: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  points: number | null;
}

const MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

const receiptsUrl = (shopper: Shopper, query: Record<string, string>) =>
  new URL(
    `../storefront/v1/${encodeURIComponent(shopper.store)}/receipts?${new URLSearchParams({ customer_id: shopper.customerId, digest: shopper.digest, ...query })}`,
    shopper.base,
  );

function money(receipt: ShopperReceipt): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: receipt.currency }).format(receipt.amount_minor / 100);
  } catch {
    return `${(receipt.amount_minor / 100).toFixed(2)} ${receipt.currency}`;
  }
}

const outcome = (receipt: ShopperReceipt, pointsAmount: (points: number) => string) =>
  receipt.status === 'approved'
    ? `Approved: +${pointsAmount(receipt.points ?? 0)}`
    : receipt.status === 'rejected'
      ? `Not accepted: ${receipt.reason ?? ''}`
      : 'Waiting for review';

function make<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Draws the receipt form and the shopper's receipts into `container`; answers the clean-up. */
/** `pointsAmount` is the panel's points formatter ("12 beans"): this chunk carries no formatting code of its own. */
export function mountReceipts(container: HTMLElement, shopper: Shopper, pointsAmount: (points: number) => string): () => void {
  const doc = container.ownerDocument;
  let alive = true;
  const root = make(doc, 'div', { class: 'ls-form', 'data-receipts': '' });
  const title = make(doc, 'h4', { id: 'ls-w-receipt-title' }, 'Send an in-store receipt');
  const form = make(doc, 'form', { class: 'ls-form', novalidate: '', 'aria-labelledby': 'ls-w-receipt-title' });
  const amount = make(doc, 'input', { id: 'ls-w-receipt-amount', class: 'ls-input', inputmode: 'decimal' });
  const file = make(doc, 'input', { id: 'ls-w-receipt-file', class: 'ls-input', type: 'file', accept: TYPES.join(',') });
  const error = make(doc, 'p', { id: 'ls-w-receipt-error', role: 'alert' });
  const status = make(doc, 'p', { role: 'status' });
  const send = make(doc, 'button', { class: 'ls-btn', type: 'submit' }, 'Send receipt');
  const actions = make(doc, 'div', { class: 'ls-actions' });
  const list = make(doc, 'ul', { class: 'ls-rewards', 'aria-label': 'Your receipts' });
  actions.append(send);
  form.append(
    make(doc, 'label', { for: 'ls-w-receipt-amount' }, 'Amount paid'),
    amount,
    make(doc, 'label', { for: 'ls-w-receipt-file' }, 'Photo of the receipt'),
    file,
    error,
    status,
    actions,
  );
  root.append(title, form, list);
  container.append(root);

  const showError = (text: string) => {
    error.textContent = text;
    if (text) {
      amount.setAttribute('aria-describedby', 'ls-w-receipt-error');
      amount.setAttribute('aria-invalid', 'true');
    } else {
      amount.removeAttribute('aria-describedby');
      amount.removeAttribute('aria-invalid');
    }
  };
  const load = async () => {
    const response = await fetch(receiptsUrl(shopper, {}), { credentials: 'omit', headers: { accept: 'application/json' } }).catch(() => null);
    const receipts = response?.ok ? ((await response.json()) as { data: ShopperReceipt[] }).data : [];
    if (!alive) return;
    list.replaceChildren(
      ...receipts.map((receipt) => {
        const item = make(doc, 'li');
        item.append(make(doc, 'strong', {}, money(receipt)), doc.createTextNode(` · ${outcome(receipt, pointsAmount)}`));
        return item;
      }),
    );
    list.hidden = receipts.length === 0;
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    status.textContent = '';
    const typed = amount.value.trim().replace(',', '.');
    const chosen = file.files?.[0];
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(typed) || Number(typed) <= 0) return showError('Enter the amount you paid, e.g. 42.50');
    if (!chosen) return showError('Choose a photo of the receipt');
    if (!TYPES.includes(chosen.type)) return showError('The photo must be a PNG, JPEG, GIF or WebP image');
    if (chosen.size > MAX_BYTES) return showError('The photo must be at most 5 MB');
    showError('');
    send.disabled = true;
    send.textContent = 'Sending…';
    const body = new FormData();
    body.append('receipt', chosen, chosen.name);
    void fetch(receiptsUrl(shopper, { amount: typed }), { method: 'POST', body, credentials: 'omit' })
      .then(async (response) => {
        const answer = (await response.json().catch(() => ({}))) as { message?: string };
        if (!response.ok) return showError(answer.message ?? 'The receipt was not sent. Please try again.');
        status.textContent = 'Receipt sent: we will review it soon.';
        form.reset();
        await load();
      })
      .catch(() => showError('The rewards service could not be reached. Please try again.'))
      .finally(() => {
        send.disabled = false;
        send.textContent = 'Send receipt';
      });
  });
  void load();
  return () => {
    alive = false;
    root.remove();
  };
}

/**
 * The platform's side of the webhook bench, run in a child process of its own (its own event
 * loop and CPU time, so the server's figures are not the senders'): `senders` delivery workers,
 * each sending its next signed Shopify `orders/paid` webhook over a keep-alive connection as soon
 * as the last one is acknowledged, as a platform's workers do. Every acknowledgement's latency
 * is measured here, from the first byte sent to the whole answer received.
 */
import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';

export interface SendersTask {
  /** the server's origin, e.g. http://127.0.0.1:4321 */
  origin: string;
  /** the store's Shopify domain and webhook secret */
  shopDomain: string;
  secret: string;
  senders: number;
  /** deliveries sent first and left out of the figures (connections opened, code warmed up) */
  warmUp: number;
  deliveries: number;
  /** the first order and event number: runs on one database never repeat an event */
  firstOrder: number;
}

export interface SendersResult {
  /** milliseconds per acknowledged delivery (warm-up excluded), in the order they ended */
  latencies: number[];
  /** seconds from the first measured delivery to the last acknowledgement */
  seconds: number;
  /** deliveries answered with another status than 200 */
  failures: number;
}

const shopifyOrder = (id: number) =>
  JSON.stringify({
    id,
    name: `#${id}`,
    email: `w${id % 500}@bench.test`,
    currency: 'USD',
    financial_status: 'paid',
    total_line_items_price: '42.00',
    total_price: '42.00',
    total_discounts: '0.00',
    total_tax: '0.00',
    created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-01T10:00:00Z',
    customer: { id: id % 500, email: `w${id % 500}@bench.test`, first_name: 'W', last_name: 'H' },
    line_items: [],
    refunds: [],
  });

interface Delivery {
  body: Buffer;
  headers: Record<string, string>;
}

/** Bodies and signatures are made before the clock starts: the figures are the server's. */
function deliveriesOf(task: SendersTask, count: number, first: number): Delivery[] {
  return Array.from({ length: count }, (_, index) => {
    const n = first + index;
    const body = Buffer.from(shopifyOrder(n));
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
        'x-shopify-topic': 'orders/paid',
        'x-shopify-shop-domain': task.shopDomain,
        'x-shopify-event-id': `e${n}`,
        'x-shopify-hmac-sha256': createHmac('sha256', task.secret).update(body).digest('base64'),
      },
    };
  });
}

function send(agent: Agent, origin: string, delivery: Delivery): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${origin}/webhooks/shopify`, { method: 'POST', agent, headers: delivery.headers }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(delivery.body);
  });
}

/** `senders` workers send `list` as fast as they are acknowledged; each latency goes to `record`. */
async function sendAll(agent: Agent, origin: string, list: Delivery[], senders: number, record: (ms: number, status: number) => void) {
  let next = 0;
  await Promise.all(
    Array.from({ length: senders }, async () => {
      while (next < list.length) {
        const delivery = list[next]!;
        next += 1;
        const sent = performance.now();
        const status = await send(agent, origin, delivery);
        record(performance.now() - sent, status);
      }
    }),
  );
}

export async function sendWebhooks(task: SendersTask): Promise<SendersResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: task.senders });
  const warmUp = deliveriesOf(task, task.warmUp, task.firstOrder);
  const measured = deliveriesOf(task, task.deliveries, task.firstOrder + task.warmUp);
  let failures = 0;
  await sendAll(agent, task.origin, warmUp, task.senders, (_ms, status) => void (failures += status === 200 ? 0 : 1));
  const latencies: number[] = [];
  const started = performance.now();
  await sendAll(agent, task.origin, measured, task.senders, (ms, status) => {
    latencies.push(ms);
    if (status !== 200) failures += 1;
  });
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, seconds, failures };
}

// run as a child process (`fork`): one task in, one result out
if (process.send) {
  process.once('message', (task: SendersTask) => {
    void sendWebhooks(task).then(
      (result) => process.send!(result, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

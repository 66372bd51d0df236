/**
 * The platform's side of the webhook bench, run in a child process of its own (its own event
 * loop and CPU time, so the server's figures are not the senders'): `senders` delivery workers,
 * each sending its next signed Shopify `orders/paid` webhook over its own keep-alive HTTP/1.1
 * connection as soon as the last one is acknowledged, as a platform's workers do. Every
 * acknowledgement's latency is measured here, from the request's bytes written to the whole
 * answer received.
 *
 * The connections speak HTTP/1.1 on plain sockets, as load generators do (wrk, autocannon): each
 * request's bytes are made before the clock starts and an answer is read as it arrives. With
 * node:http's client the senders' own work per request (~0.2 ms) shared the 2 cores with the
 * server and queued answers behind each other in this event loop: its delay reached 30–50 ms and
 * was counted in the acknowledgements' latency.
 */
import { createHmac } from 'node:crypto';
import { connect, type Socket } from 'node:net';

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

/** Each delivery's request, its bytes as sent (signed body included), made before the clock starts: the figures are the server's. */
function requestsOf(task: SendersTask, count: number, first: number): Buffer[] {
  return Array.from({ length: count }, (_, index) => {
    const n = first + index;
    const body = Buffer.from(shopifyOrder(n));
    const headers = {
      host: new URL(task.origin).host,
      'content-type': 'application/json',
      'content-length': String(body.length),
      'x-shopify-topic': 'orders/paid',
      'x-shopify-shop-domain': task.shopDomain,
      'x-shopify-event-id': `e${n}`,
      'x-shopify-hmac-sha256': createHmac('sha256', task.secret).update(body).digest('base64'),
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    return Buffer.concat([Buffer.from(`POST /webhooks/shopify HTTP/1.1\r\n${head.join('')}\r\n`), body]);
  });
}

/**
 * One keep-alive HTTP/1.1 connection, one request at a time: the answer is its status line and
 * headers, and the body its Content-Length announces (the server's JSON answers always have one).
 */
class KeepAliveConnection {
  readonly #socket: Socket;
  #received: Buffer = Buffer.alloc(0);
  #waiting: { resolve: (status: number) => void; reject: (error: Error) => void } | null = null;

  constructor(origin: URL) {
    this.#socket = connect(Number(origin.port), origin.hostname);
    this.#socket.setNoDelay(true);
    this.#socket.on('data', (chunk: Buffer) => this.#read(chunk));
    this.#socket.on('error', (error) => this.#fail(error));
    this.#socket.on('close', () => this.#fail(new Error('The server closed a keep-alive connection.')));
  }

  /** Writes a request; resolves to the answer's status once the whole answer is received. */
  send(request: Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.#socket.write(request);
    });
  }

  close(): void {
    this.#socket.removeAllListeners('close');
    this.#socket.destroy();
  }

  #read(chunk: Buffer): void {
    this.#received = this.#received.length === 0 ? chunk : Buffer.concat([this.#received, chunk]);
    const headEnd = this.#received.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.#received.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    if (length === undefined) return this.#fail(new Error(`An answer without Content-Length: ${head}`));
    const end = headEnd + 4 + Number(length);
    if (this.#received.length < end) return;
    if (this.#received.length > end || !this.#waiting) return this.#fail(new Error('The server sent bytes nobody asked for.'));
    this.#received = Buffer.alloc(0);
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting.resolve(Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1] ?? 0));
  }

  #fail(error: Error): void {
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting?.reject(error);
  }
}

/** One worker per connection sends `list` as fast as they are acknowledged; each latency goes to `record`. */
async function sendAll(connections: KeepAliveConnection[], list: Buffer[], record: (ms: number, status: number) => void) {
  let next = 0;
  await Promise.all(
    connections.map(async (connection) => {
      while (next < list.length) {
        const request = list[next]!;
        next += 1;
        const sent = performance.now();
        const status = await connection.send(request);
        record(performance.now() - sent, status);
      }
    }),
  );
}

export async function sendWebhooks(task: SendersTask): Promise<SendersResult> {
  const origin = new URL(task.origin);
  const connections = Array.from({ length: task.senders }, () => new KeepAliveConnection(origin));
  const warmUp = requestsOf(task, task.warmUp, task.firstOrder);
  const measured = requestsOf(task, task.deliveries, task.firstOrder + task.warmUp);
  let failures = 0;
  await sendAll(connections, warmUp, (_ms, status) => void (failures += status === 200 ? 0 : 1));
  const latencies: number[] = [];
  const started = performance.now();
  await sendAll(connections, measured, (ms, status) => {
    latencies.push(ms);
    if (status !== 200) failures += 1;
  });
  const seconds = (performance.now() - started) / 1000;
  for (const connection of connections) connection.close();
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

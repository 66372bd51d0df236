/**
 * The stand-in's bulk operations, as documented for the Admin API (2026-10): `bulkOperationRunQuery`
 * validates the query against the schema (at least one connection, at most two levels of them),
 * runs up to five at a time per shop and refuses a sixth, and writes the result as a JSONL file —
 * one line per object of a connection, nested objects after their parent with `__parentId` — that
 * `url` serves once the operation is COMPLETED. `bulkOperations` lists them newest first, filtered
 * by the search terms `operation_type:` and `status:`. Each read of an operation (`bulkOperations`,
 * `node`) moves it one step on: CREATED → RUNNING → COMPLETED, so a client must poll as with Shopify.
 */
import { execute, parse, validate, visit, type DocumentNode } from 'graphql';
import { ADMIN_SCHEMA } from './schema.ts';
import type { StandInCustomer, StandInOrder, StandInShop } from './shops.ts';

export interface StandInBulkOperation {
  __typename: 'BulkOperation';
  id: string;
  status: 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELED' | 'EXPIRED';
  type: 'QUERY';
  errorCode: null;
  createdAt: string;
  completedAt: string | null;
  objectCount: string;
  rootObjectCount: string;
  fileSize: string | null;
  url: string | null;
  partialDataUrl: null;
  query: string;
  /** the JSONL written when the operation ran */
  file: string;
  rootObjects: number;
  objects: number;
}

type UserError = { field: string[]; message: string; code: 'INVALID' | 'LIMIT_REACHED' };

const MAX_CONNECTIONS = 5;
/** Bulk query operations an app may run at once on a shop (2026-01 and later). */
const MAX_RUNNING = 5;
/** The field a nested object's line names its parent with. */
const PARENT = '__parentId';
const MAX_DEPTH = 2;

const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`;
const money = (amount: string, currencyCode: string) => ({ shopMoney: { amount, currencyCode } });

/** `created_at:>=2025-01-01` and friends: the part of Shopify's search syntax the stand-in understands. */
function matchesSearch(order: StandInOrder, search: string | undefined): boolean {
  if (!search) return true;
  return search.split(/\s+(?:AND\s+)?/).every((term) => {
    const match = /^created_at:(>=|<=|>|<)?(.+)$/.exec(term.replace(/['"]/g, ''));
    if (!match) return true;
    const at = Date.parse(order.createdAt);
    const bound = Date.parse(match[2]!);
    if (match[1] === '>=') return at >= bound;
    if (match[1] === '>') return at > bound;
    if (match[1] === '<=') return at <= bound;
    if (match[1] === '<') return at < bound;
    return order.createdAt.startsWith(match[2]!);
  });
}

export const connection = <T>(nodes: T[]) => ({ edges: nodes.map((node) => ({ node })), nodes });

function orderView(order: StandInOrder) {
  return {
    __typename: 'Order',
    id: gid('Order', order.id),
    name: order.name,
    email: order.email,
    createdAt: order.createdAt,
    updatedAt: order.createdAt,
    cancelledAt: null,
    currencyCode: order.currencyCode,
    displayFinancialStatus: order.financialStatus,
    sourceName: 'web',
    discountCodes: order.discountCodes,
    subtotalPriceSet: money(order.subtotal, order.currencyCode),
    totalPriceSet: money(order.total, order.currencyCode),
    totalTaxSet: money('0.00', order.currencyCode),
    totalDiscountsSet: money(order.discounts, order.currencyCode),
    totalShippingPriceSet: money('0.00', order.currencyCode),
  };
}

export function customerView(customer: StandInCustomer) {
  return {
    __typename: 'Customer',
    id: gid('Customer', customer.id),
    firstName: customer.firstName,
    lastName: customer.lastName,
    defaultEmailAddress: customer.email ? { emailAddress: customer.email } : null,
    tags: customer.tags,
    createdAt: customer.createdAt,
    updatedAt: customer.createdAt,
    orders: ({ query }: { query?: string }) => connection(customer.orders.filter((order) => matchesSearch(order, query)).map(orderView)),
  };
}

/** How deep the query's connections go, and how many it has (a connection: a field selecting `edges` or `nodes`). */
function connectionShape(document: DocumentNode): { count: number; depth: number } {
  let count = 0;
  let depth = 0;
  let open = 0;
  const isConnection = (node: { selectionSet?: { selections: readonly unknown[] } }) =>
    (node.selectionSet?.selections ?? []).some((selection) => {
      const name = (selection as { name?: { value?: string } }).name?.value;
      return name === 'edges' || name === 'nodes';
    });
  visit(document, {
    Field: {
      enter(node) {
        if (!isConnection(node)) return;
        count += 1;
        open += 1;
        depth = Math.max(depth, open);
      },
      leave(node) {
        if (isConnection(node)) open -= 1;
      },
    },
  });
  return { count, depth };
}

/** The result of the query as bulk operations write it: each connection's objects on their own line, children with `__parentId`. */
function jsonLines(data: unknown): { lines: string[]; roots: number } {
  const lines: string[] = [];
  let roots = 0;
  const nodesOf = (value: unknown): Array<Record<string, unknown>> | null => {
    if (!value || typeof value !== 'object') return null;
    const record = value as { edges?: Array<{ node: Record<string, unknown> }>; nodes?: Array<Record<string, unknown>> };
    if (Array.isArray(record.edges)) return record.edges.map((edge) => edge.node);
    if (Array.isArray(record.nodes)) return record.nodes;
    return null;
  };
  const walk = (object: Record<string, unknown>, parentId: string | null) => {
    for (const value of Object.values(object)) {
      const nodes = nodesOf(value);
      if (!nodes) continue;
      for (const node of nodes) {
        const own: Record<string, unknown> = {};
        for (const [key, field] of Object.entries(node)) if (!nodesOf(field)) own[key] = field;
        if (parentId) own[PARENT] = parentId;
        else roots += 1;
        lines.push(JSON.stringify(own));
        walk(node, typeof node.id === 'string' ? node.id : parentId);
      }
    }
  };
  walk(data as Record<string, unknown>, null);
  return { lines, roots };
}

/** Starts a bulk query for the shop: the operation, or the user errors Shopify answers. */
export async function runBulkQuery(
  shop: StandInShop,
  query: string,
  origin: string,
): Promise<{ bulkOperation: StandInBulkOperation | null; userErrors: UserError[] }> {
  const refuse = (message: string, code: UserError['code'] = 'INVALID') => ({ bulkOperation: null, userErrors: [{ field: ['query'], message, code }] });
  const running = shop.bulkOperations.filter((operation) => operation.status === 'CREATED' || operation.status === 'RUNNING');
  if (running.length >= MAX_RUNNING) return refuse('Bulk operations limit reached. Please try again later.', 'LIMIT_REACHED');
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return refuse(`Invalid bulk query: ${(error as Error).message}`);
  }
  const invalid = validate(ADMIN_SCHEMA, document);
  if (invalid.length > 0) return refuse(`Invalid bulk query: ${invalid.map((error) => error.message).join('; ')}`);
  if (document.definitions.some((definition) => definition.kind === 'OperationDefinition' && definition.operation !== 'query')) {
    return refuse('Bulk queries cannot contain mutations.');
  }
  const shape = connectionShape(document);
  if (shape.count === 0) return refuse('Bulk queries must contain at least one connection.');
  if (shape.count > MAX_CONNECTIONS) return refuse(`Bulk queries cannot contain more than ${MAX_CONNECTIONS} connections.`);
  if (shape.depth > MAX_DEPTH) return refuse(`Bulk queries cannot contain connections with a nesting depth greater than ${MAX_DEPTH}.`);
  const result = await execute({ schema: ADMIN_SCHEMA, document, rootValue: { customers: () => connection(shop.customers.map(customerView)) } });
  if (result.errors?.length) return refuse(result.errors.map((error) => error.message).join('; '));
  const { lines, roots } = jsonLines(result.data);
  const id = shop.nextId();
  const operation: StandInBulkOperation = {
    __typename: 'BulkOperation',
    id: gid('BulkOperation', id),
    status: 'CREATED',
    type: 'QUERY',
    errorCode: null,
    createdAt: new Date().toISOString(),
    completedAt: null,
    objectCount: '0',
    rootObjectCount: '0',
    fileSize: null,
    url: null,
    partialDataUrl: null,
    query,
    file: lines.length > 0 ? `${lines.join('\n')}\n` : '',
    rootObjects: roots,
    objects: lines.length,
  };
  operation.url = null;
  shop.bulkOperations.push(operation);
  shop.bulkFileOrigin = origin;
  return { bulkOperation: { ...operation }, userErrors: [] };
}

/** An operation as a read sees it, moved one step on (CREATED → RUNNING → COMPLETED). */
export function readBulkOperation(shop: StandInShop, operation: StandInBulkOperation): StandInBulkOperation {
  if (operation.status === 'CREATED') operation.status = 'RUNNING';
  else if (operation.status === 'RUNNING') {
    operation.status = 'COMPLETED';
    operation.completedAt = new Date().toISOString();
    operation.objectCount = String(operation.objects);
    operation.rootObjectCount = String(operation.rootObjects);
    operation.fileSize = String(Buffer.byteLength(operation.file));
    // an empty result has no file, as with Shopify
    operation.url = operation.objects > 0 ? `${shop.bulkFileOrigin}/_bulk/${encodeURIComponent(shop.domain)}/${operation.id.split('/').at(-1)}.jsonl` : null;
  }
  return operation;
}

/** What `bulkOperations` answers: the shop's operations matching the search, newest first, each read moved one step on. */
export function listBulkOperations(
  shop: StandInShop,
  args: { first?: number | null; last?: number | null; query?: string | null; reverse?: boolean | null; sortKey?: string | null },
) {
  const terms = (args.query ?? '').split(/\s+/).filter(Boolean);
  const matches = (operation: StandInBulkOperation) =>
    terms.every((term) => {
      const [key, value = ''] = term.split(':');
      if (key === 'operation_type') return operation.type === value.toUpperCase();
      if (key === 'status') return operation.status === value.toUpperCase();
      return true;
    });
  const byCompletion = (a: StandInBulkOperation, b: StandInBulkOperation) => (b.completedAt ?? '').localeCompare(a.completedAt ?? '');
  const newestFirst = shop.bulkOperations.filter(matches).toReversed();
  const sorted = args.sortKey === 'COMPLETED_AT' ? newestFirst.toSorted(byCompletion) : newestFirst;
  let found = args.reverse ? sorted.toReversed() : sorted;
  if (typeof args.first === 'number') found = found.slice(0, args.first);
  if (typeof args.last === 'number') found = found.slice(-args.last);
  return connection(found.map((operation) => readBulkOperation(shop, operation)));
}

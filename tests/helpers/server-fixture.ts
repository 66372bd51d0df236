import { hashPassword } from '../../server/auth/passwords.ts';
import { newToken } from '../../server/auth/tokens.ts';
import type { Db } from '../../server/db/connection.ts';
import { json } from '../../server/db/normalize.ts';

const FIXTURE_PASSWORD = 'correct horse battery';
/**
 * The fixture's accounts are hashed with a small scrypt cost (each hash records its own, and
 * sign-in verifies with it): every test signs in, and the product's cost (32 MiB, ~100 ms) would
 * be most of a test's time. Passwords the tests set themselves use the product's cost.
 */
const FIXTURE_HASH = { N: 2 ** 10, r: 8, p: 1, keyLength: 32, saltLength: 16 };
let fixtureHash: Promise<string> | undefined;

export interface FixtureStore {
  id: number;
  storeName: string;
  accessToken: string;
  hmacSecret: string;
  customerIds: number[];
  channelId: number;
  mediaId: number;
  documentId: number;
  /** strings that belong to this store only: a foreign store must never see them */
  secrets: string[];
}

export interface Fixture {
  password: string;
  /** A: owned by alice, staffed by sara; B: owned by bob; C: alice's second store */
  storeA: FixtureStore;
  storeB: FixtureStore;
  storeC: FixtureStore;
  users: { alice: string; sara: string; bob: string };
}

/** Three stores with distinct customers, channels, media, orders and documents. */
export async function seedFixture(db: Db): Promise<Fixture> {
  fixtureHash ??= hashPassword(FIXTURE_PASSWORD, FIXTURE_HASH);
  const passwordHash = await fixtureHash;
  const users = { alice: 'alice@alpha.test', sara: 'sara@alpha.test', bob: 'bob@beta.test' };
  const userIds: Record<string, number> = {};
  for (const [key, email] of Object.entries(users)) {
    const row = await db
      .insertInto('users')
      .values({ email, name: key[0]!.toUpperCase() + key.slice(1), password_hash: passwordHash, stage: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds[key] = row.id;
  }
  const storeA = await createStore(db, 'alpha', 'Alpha Store', [
    [userIds.alice!, 'owner'],
    [userIds.sara!, 'staff'],
  ]);
  const storeB = await createStore(db, 'beta', 'Beta Store', [[userIds.bob!, 'owner']]);
  const storeC = await createStore(db, 'gamma', 'Gamma Store', [[userIds.alice!, 'owner']]);
  return { password: FIXTURE_PASSWORD, storeA, storeB, storeC, users };
}

async function createStore(db: Db, slug: string, title: string, members: Array<[number, 'owner' | 'staff']>): Promise<FixtureStore> {
  const accessToken = newToken();
  const hmacSecret = `${slug}-hmac-${newToken(8)}`;
  const store = await db
    .insertInto('stores')
    .values({
      title,
      platform: 'shopify',
      store_name: `${slug}-store`,
      domain: `${slug}.myshopify.com`,
      website: `https://${slug}.example`,
      settings: json({ email_settings: { unlayer: false } }),
      hmac_secret: hmacSecret,
      access_token: accessToken,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('memberships')
    .values(members.map(([userId, role]) => ({ user_id: userId, store_id: store.id, role })))
    .execute();
  const customers = await db
    .insertInto('customers')
    .values(
      ['Ann', 'Ben', 'Cleo'].map((first, index) => ({
        store_id: store.id,
        first_name: `${first}${slug}`,
        last_name: 'Fixture',
        email: `${first.toLowerCase()}.${slug}@${slug}.test`,
        birthday: '1990-05-0' + String(index + 1),
        tags: json([slug]),
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('orders')
    .values(
      customers.map((customer, index) => ({
        store_id: store.id,
        customer_id: customer.id,
        external_id: `${slug}-${index}`,
        total_minor: 1999 + index,
        currency: 'USD',
        status: 'paid',
        placed_at: new Date('2026-02-01T10:00:00Z'),
      })),
    )
    .execute();
  const channel = await db
    .insertInto('channels')
    .values({ store_id: store.id, name: `${slug} web`, type: 'online_store', url: `https://${slug}.example` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const media = await db
    .insertInto('media')
    .values({ store_id: store.id, file_name: `${slug}.png`, mime_type: 'image/png', size_bytes: 3, content: new Uint8Array([1, 2, 3]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const document = await db
    .insertInto('settings_documents')
    .values({
      store_id: store.id,
      kind: 'widget',
      version: 1,
      document: json({ schemaVersion: 1, marker: `${slug}-document` }),
      status: 'published',
      based_on_version: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: store.id,
    storeName: `${slug}-store`,
    accessToken,
    hmacSecret,
    customerIds: customers.map((customer) => customer.id),
    channelId: channel.id,
    mediaId: media.id,
    documentId: document.id,
    secrets: [accessToken, hmacSecret, `.${slug}@${slug}.test`, `${slug}-document`, `${slug} web`, `${slug}-store`, title],
  };
}

import { Faker, en } from '@faker-js/faker';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords.ts';
import { newToken } from '../auth/tokens.ts';
import type { Db } from '../db/connection.ts';
import { json } from '../db/normalize.ts';
import type { Role } from '../db/schema.ts';
import { seedProgram } from '../modules/program/index.ts';
import { seedCatalogue } from '../modules/products/index.ts';
import { refreshRollups } from '../modules/analytics/index.ts';
import { seedShowcase } from './demo-showcase.ts';

/** The demo of DESIGN.md §4: one password for every demo user. */
export const DEMO_PASSWORD = 'demo-password';

const DEMO_STORES = [
  {
    key: 'outdoor',
    title: 'Demo Outdoor Co.',
    platform: 'bigcommerce',
    store_name: 'demo-outdoor-co',
    domain: 'demo-outdoor-co.mybigcommerce.com',
    website: 'https://www.demo-outdoor-co.com',
    customers: 1200,
    showcase: {
      tiers: [
        { name: 'Base Camp', threshold: 100, description: 'Your first 100 points on the trail.', birthdayBonus: 50 },
        { name: 'Trailblazer', threshold: 400, description: '400 lifetime points.', multiplier: 1.25, birthdayBonus: 100 },
        {
          name: 'Summit',
          threshold: 800,
          description: '800 lifetime points: our most loyal explorers.',
          multiplier: 1.5,
          birthdayBonus: 200,
          freeShipping: true,
        },
      ],
      foreignCurrency: 'CAD',
      staffName: 'Olivia Owner',
      orderPrefix: 'DEMO',
    },
  },
  {
    key: 'coffee',
    title: 'Demo Coffee Roasters',
    platform: 'shopify',
    store_name: 'demo-coffee-roasters',
    domain: 'demo-coffee-roasters.myshopify.com',
    website: 'https://demo-coffee-roasters.myshopify.com',
    customers: 800,
    showcase: {
      tiers: [
        { name: 'Green Bean', threshold: 100, description: 'Your first 100 beans.', birthdayBonus: 50 },
        { name: 'Medium Roast', threshold: 400, description: '400 lifetime beans.', multiplier: 1.25, birthdayBonus: 100 },
        {
          name: 'Dark Roast',
          threshold: 800,
          description: '800 lifetime beans: the roastery’s regulars.',
          multiplier: 1.5,
          birthdayBonus: 200,
          freeShipping: true,
        },
      ],
      foreignCurrency: 'EUR',
      staffName: 'Sam Staff',
      orderPrefix: 'DEMO',
    },
    // the roastery calls its points beans: every surface, email and console screen counts in them
    words: { points_label: 'beans', points_label_singular: 'bean', primary_color: '#6b3f1d' },
  },
  { key: 'new', title: 'New Demo Shop', platform: 'shopify', store_name: 'new-demo-shop', domain: 'new-demo-shop.myshopify.com', website: '', customers: 0 },
] as const;
type StoreKey = (typeof DEMO_STORES)[number]['key'];

/** stage 0 = onboarding done; 2 = first onboarding step (spec §4). */
const DEMO_USERS: ReadonlyArray<{ email: string; name: string; stage: number; stores: ReadonlyArray<[StoreKey, Role]> }> = [
  {
    email: 'owner@demo.shop',
    name: 'Olivia Owner',
    stage: 0,
    stores: [
      ['outdoor', 'owner'],
      ['coffee', 'owner'],
    ],
  },
  { email: 'staff@demo.shop', name: 'Sam Staff', stage: 0, stores: [['coffee', 'staff']] },
  { email: 'new@demo.shop', name: 'Nina Newcomer', stage: 2, stores: [['new', 'owner']] },
];

/** more days than the demo's history spans (customers joined up to two years ago): its rollups in one step per store */
const DEMO_HISTORY_DAYS = 1000;

const TAGS = ['vip', 'wholesale', 'newsletter', 'repeat-buyer', 'first-order', 'local', 'gift-buyer', 'subscriber'];
const BATCH = 500;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<void>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

/**
 * Seeds the demo on first start: users, stores, memberships and about 2,000 customers with
 * order history, and in each demo store a program to explore (`demo-showcase.ts`). Idempotent: does nothing when the database already has users. Deterministic
 * (fixed faker seed; dates relative to `now`).
 */
export async function seedDemo(db: Db, now = new Date()): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction().execute(async (trx) => {
    const storeIds = new Map<StoreKey, number>();
    for (const store of DEMO_STORES) {
      const row = await trx
        .insertInto('stores')
        .values({
          title: store.title,
          platform: store.platform,
          store_name: store.store_name,
          domain: store.domain,
          website: store.website || null,
          settings: json({ email_settings: { unlayer: false }, ...('words' in store ? store.words : {}) }),
          hmac_secret: randomBytes(32).toString('hex'),
          access_token: newToken(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      storeIds.set(store.key, row.id);
    }
    for (const [index, user] of DEMO_USERS.entries()) {
      const row = await trx
        .insertInto('users')
        .values({ email: user.email, name: user.name, password_hash: passwordHashes[index]!, stage: user.stage })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('memberships')
        .values(user.stores.map(([key, role]) => ({ user_id: row.id, store_id: storeIds.get(key)!, role })))
        .execute();
    }
    const faker = new Faker({ locale: [en], seed: 20_26 });
    faker.setDefaultRefDate(now);
    for (const store of DEMO_STORES) await seedCustomers(trx, faker, storeIds.get(store.key)!, store.customers, now);
    for (const store of DEMO_STORES) if (store.customers > 0) await seedProgram(trx, storeIds.get(store.key)!, now);
    for (const store of DEMO_STORES) if (store.customers > 0) await seedCatalogue(trx, storeIds.get(store.key)!, now);
    for (const store of DEMO_STORES) if ('showcase' in store) await seedShowcase(trx, storeIds.get(store.key)!, store.showcase, now);
  });
  // the demo's analytics are ready from the first page
  await refreshRollups(db, { daysPerStep: DEMO_HISTORY_DAYS });
  return true;
}

const DEMO_SOURCES = ['order', 'widget', 'import', 'manual'] as const;

async function seedCustomers(db: Db, faker: Faker, storeId: number, count: number, now: Date): Promise<void> {
  if (count === 0) return;
  const customers = Array.from({ length: count }, (_, index) => {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const joined = faker.date.past({ years: 2, refDate: now });
    return {
      store_id: storeId,
      external_id: String(100_000 + index),
      first_name: firstName,
      last_name: lastName,
      email: faker.internet
        .email({ firstName, lastName, provider: faker.helpers.arrayElement(['example.com', 'example.net', 'example.org']) })
        .toLowerCase()
        .replace('@', `.${index}@`),
      birthday:
        faker.helpers.maybe(() => faker.date.birthdate({ mode: 'age', min: 18, max: 80, refDate: now }).toISOString().slice(0, 10), { probability: 0.7 }) ??
        null,
      tags: json(faker.helpers.arrayElements(TAGS, { min: 0, max: 3 })),
      created_at: joined,
      // by index, not faker, so the rest of the demo stays the same: a mix of sources and a few guests and excluded customers
      source: DEMO_SOURCES[index % DEMO_SOURCES.length]!,
      program_status: index % 10 === 9 ? ('guest' as const) : index % 25 === 3 ? ('excluded' as const) : ('member' as const),
    };
  });
  const ids: Array<{ id: number; created_at: Date }> = [];
  await insertInBatches(customers, async (batch) => {
    ids.push(...(await db.insertInto('customers').values(batch).returning(['id', 'created_at']).execute()));
  });
  const orders = ids.flatMap((customer, index) =>
    Array.from({ length: faker.number.int({ min: 0, max: 5 }) }, (_, n) => ({
      store_id: storeId,
      customer_id: customer.id,
      external_id: `#${1000 + index * 10 + n}`,
      total_minor: faker.number.int({ min: 1_200, max: 32_000 }),
      currency: 'USD',
      status: faker.helpers.weightedArrayElement([
        { value: 'paid', weight: 92 },
        { value: 'refunded', weight: 8 },
      ]),
      placed_at: faker.date.between({ from: customers[index]!.created_at, to: now }),
    })),
  );
  // shoppers who bought without joining: what analytics compares the members with
  const guestOrders = Array.from({ length: Math.round(count / 2) }, (_, n) => ({
    store_id: storeId,
    customer_id: null,
    external_id: `#G${5000 + n}`,
    total_minor: faker.number.int({ min: 900, max: 24_000 }),
    currency: 'USD',
    status: 'paid',
    placed_at: faker.date.past({ years: 2, refDate: now }),
  }));
  await insertInBatches([...orders, ...guestOrders], async (batch) => {
    await db.insertInto('orders').values(batch).execute();
  });
}

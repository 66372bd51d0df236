import type { DocumentKind, SettingsDocument } from '../../../renderers/contract/index.ts';
import { DEFAULT_DOCUMENTS, DEMO_DOCUMENTS, brandedDocument } from '../../../presets/index.ts';
import { brandColourOf } from '../../modules/stores/index.ts';
import type { Db } from '../../db/connection.ts';
import { STORED_KINDS } from './kinds.ts';
import { latestVersion } from './read.ts';
import { saveAndPublish } from './write.ts';

/** Which documents each demo store (by store_name) starts with: the coffee demo, the defaults elsewhere. */
const DEMO_STORE_DOCUMENTS: Record<string, Record<DocumentKind, SettingsDocument>> = {
  'demo-coffee-roasters': DEMO_DOCUMENTS,
  'demo-outdoor-co': DEFAULT_DOCUMENTS,
};

/**
 * Publishes a document of every kind on the demo stores so the storefront shows something real
 * from the first start, in each store's brand colour. Skips a kind a store has already saved, so running it again changes
 * nothing. Returns how many documents it published.
 */
export async function seedDemoDocuments(db: Db, stores: Record<string, Record<DocumentKind, SettingsDocument>> = DEMO_STORE_DOCUMENTS): Promise<number> {
  const rows = await db.selectFrom('stores').select(['id', 'store_name', 'settings']).where('store_name', 'in', Object.keys(stores)).execute();
  const owners = await db
    .selectFrom('memberships')
    .select(['store_id', 'user_id'])
    .where('store_id', 'in', rows.length > 0 ? rows.map((row) => row.id) : [0])
    .where('role', '=', 'owner')
    .orderBy('user_id')
    .execute();
  let published = 0;
  for (const store of rows) {
    const documents = stores[store.store_name];
    if (!documents) continue;
    const owner = owners.find((row) => row.store_id === store.id)?.user_id ?? null;
    for (const kind of STORED_KINDS) {
      if ((await latestVersion(db, store.id, kind)) > 0) continue;
      const document = brandedDocument(documents[kind], brandColourOf(store.settings));
      await saveAndPublish(db, { storeId: store.id, kind, baseVersion: 0, document, userId: owner });
      published += 1;
    }
  }
  return published;
}

import type { Db } from '../../db/connection.ts';
import { toNumber } from '../../db/normalize.ts';

const COLUMNS = ['id', 'key', 'file_name', 'mime_type', 'size_bytes', 'created_at'] as const;

/** Stores an image the API checked (type sniffed from its bytes, size within the limit). */
export async function saveImage(db: Db, storeId: number, image: { fileName: string; mime: string; content: Buffer }) {
  return db
    .insertInto('media')
    .values({ store_id: storeId, file_name: image.fileName, mime_type: image.mime, size_bytes: image.content.length, content: image.content })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The store's images, newest first, and how many there are. */
export async function listImages(db: Db, storeId: number, options: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    db.selectFrom('media').select(COLUMNS).where('store_id', '=', storeId).orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute(),
    db
      .selectFrom('media')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: toNumber(total.n) };
}

/** One of the store's images (no bytes), or undefined when the store has no such image. */
export async function findImage(db: Db, storeId: number, id: number) {
  return db.selectFrom('media').select(COLUMNS).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
}

/** One image's bytes and type by its unguessable key (images are public: storefront pages show them). */
export async function readImage(db: Db, key: string) {
  return db.selectFrom('media').select(['mime_type', 'content']).where('key', '=', key).executeTakeFirst();
}

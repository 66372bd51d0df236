import type { ProgramData } from '../../../renderers/context.ts';
import { storeLanguages, type LandingPage, type StoreLanguages, type SurfaceStyles } from '../../../renderers/contract/index.ts';
import type { Db } from '../../db/connection.ts';
import { loadPublishedDocument } from '../../domain/documents/index.ts';
import { getProgramData } from '../program/index.ts';
import { findStoreBy } from '../stores/index.ts';

/** What the public landing page shows: the published page, its published style and the store's real program. */
export interface PublishedLanding {
  store: { id: number; title: string; storeName: string };
  /** the store's default language and its others */
  languages: StoreLanguages;
  document: LandingPage;
  /** null when the page was never published (the route then answers 404) */
  version: number | null;
  customStyles: SurfaceStyles;
  program: ProgramData;
}

/** The landing page of a store key; undefined when no store has the key. */
export async function loadPublishedLanding(db: Db, storeKey: string): Promise<PublishedLanding | undefined> {
  const store = await findStoreBy(db, 'store_name', storeKey);
  if (!store) return undefined;
  const [published, style, program] = await Promise.all([
    loadPublishedDocument(db, store.id, 'landing_page'),
    loadPublishedDocument(db, store.id, 'custom_style'),
    // the published page is the same for everyone: ways to redeem kept for VIP tiers are left out
    getProgramData(db, store.id, new Date(), { customerId: null }),
  ]);
  return {
    store: { id: store.id, title: store.title, storeName: store.store_name },
    languages: storeLanguages(store.settings as Record<string, unknown>),
    document: published.document,
    version: published.version,
    customStyles: { landing_page: style.document.styles.landing_page },
    program,
  };
}

import { z } from 'zod';

/** The store's link to the platform it was installed from (GET /data/v1/platform); null for a store connected by hand. */
export const platformOverview = z
  .object({
    platform: z.enum(['shopify', 'bigcommerce']),
    shop: z.string(),
    /** `reconnect`: the platform refused our token; `uninstalled`: the app was removed (the program is kept) */
    status: z.enum(['connected', 'reconnect', 'uninstalled']),
    /** the customer backfill after the install, followed through GET /data/v1/jobs/{id} */
    backfill_job_id: z.number().int().nullable(),
  })
  .nullable();
export type PlatformOverview = z.infer<typeof platformOverview>;

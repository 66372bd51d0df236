import { useQuery } from '@tanstack/react-query';
import { useStoreToken, userDetailsQuery } from '../../../lib/session-queries.ts';

/**
 * GET /user/details, read for its store (the summary on /home). The shell refreshes the same
 * cache entry, so the page adds no request of its own while the answer is fresh.
 */
export const useCurrentStore = () => useQuery({ ...userDetailsQuery(useStoreToken()), select: (user) => user.store ?? null });

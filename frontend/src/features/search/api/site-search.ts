import { endpoints } from '@careers/contracts/api/endpoints';
import type { SiteSearchResults } from '@careers/contracts/api/search-routes';
import { searchMessages } from '@careers/contracts/messages';
import type { SiteSearchQuery } from '@careers/contracts/requests/search-query';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The typeahead's answer (jobs by title, uncounted) or the search page's (the jobs list's search). */
export type SiteSearchKind = SiteSearchQuery['kind'];

export const siteSearchKey = (q: string, limit: number, kind: SiteSearchKind) =>
  ['search', q, limit, kind] as const;

export async function siteSearch(
  q: string,
  limit: number,
  kind: SiteSearchKind,
  signal?: AbortSignal,
): Promise<SiteSearchResults> {
  const reply = await callApi(
    endpoints.siteSearch,
    { query: { q, limit, kind } },
    { signal, fallbackMessage: searchMessages.loadFailed },
  );
  return reply.data;
}

/**
 * People, companies and jobs matching `q`, `limit` of each. While the next text's answer is on its way
 * the previous one stays (a typeahead that blanks out at every key is hard to read); a blank text asks
 * nothing. Kept a minute: typing back to an earlier text answers at once.
 */
export function useSiteSearch(q: string, limit: number, kind: SiteSearchKind, enabled = true) {
  return useQuery({
    queryKey: siteSearchKey(q, limit, kind),
    queryFn: ({ signal }) => siteSearch(q, limit, kind, signal),
    enabled: enabled && q !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

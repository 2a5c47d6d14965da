import { endpoints } from '@careers/contracts/api/endpoints';
import { tagMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { tagSummaryKey } from './tag-keys';

/** Beyond the spec: GET /tags/:tag, a tag's page header (its counts, and whether the reader follows it). */
export async function getTag(tag: string, signal?: AbortSignal) {
  const reply = await callApi(
    endpoints.getTag,
    { params: { tag } },
    { signal, fallbackMessage: tagMessages.fetchTag },
  );
  return reply.data;
}

/** `key` is the tag as tags compare (tagKey), so each tag has one entry however it is written. */
export const tagSummaryQueryOptions = (key: string) =>
  queryOptions({
    // Its route starts this read (app/screen-data.ts): a failure there is the header's own, shown with
    // Try again, not read again unasked when the screen mounts.
    retryOnMount: false,
    queryKey: tagSummaryKey(key),
    queryFn: ({ signal }) => getTag(key, signal),
  });

export function useTagSummary(key: string) {
  return useQuery(tagSummaryQueryOptions(key));
}

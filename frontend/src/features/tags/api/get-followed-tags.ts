import { endpoints } from '@careers/contracts/api/endpoints';
import { tagMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { followedTagsKey } from './tag-keys';

/** Beyond the spec: GET /users/followed-tags, the tags the reader follows, newest first. */
export async function getFollowedTags(signal?: AbortSignal) {
  const reply = await callApi(
    endpoints.getFollowedTags,
    {},
    { signal, fallbackMessage: tagMessages.fetchFollowed },
  );
  return reply.data;
}

export const followedTagsQueryOptions = queryOptions({
  queryKey: followedTagsKey,
  queryFn: ({ signal }) => getFollowedTags(signal),
});

export function useFollowedTags() {
  return useQuery(followedTagsQueryOptions);
}

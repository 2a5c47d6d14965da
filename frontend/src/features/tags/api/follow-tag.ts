import { endpoints } from '@careers/contracts/api/endpoints';
import type { TagFollowState, TagSummary } from '@careers/contracts/entities/tag';
import { tagMessages } from '@careers/contracts/messages';
import { type Query, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { type FeedFilters, feedListsKey } from '../../feed/api/get-feed';
import { followedTagsKey, tagSummaryKey } from './tag-keys';

/** Beyond the spec: PUT /tags/:tag/follow (following it again changes nothing). */
export async function followTag(tag: string): Promise<TagFollowState> {
  const reply = await callApi(
    endpoints.followTag,
    { params: { tag } },
    { fallbackMessage: tagMessages.followFailed },
  );
  return reply.data;
}

/** Beyond the spec: DELETE /tags/:tag/follow (a tag not followed changes nothing). */
export async function unfollowTag(tag: string): Promise<TagFollowState> {
  const reply = await callApi(
    endpoints.unfollowTag,
    { params: { tag } },
    { fallbackMessage: tagMessages.unfollowFailed },
  );
  return reply.data;
}

/** The network feed (`following`, the dashboard's Recent Activity) holds the posts of followed tags. */
function isNetworkFeed(query: Query): boolean {
  return (query.queryKey[feedListsKey.length] as FeedFilters | undefined)?.following === true;
}

/**
 * Follows or unfollows the tag whose key (tagKey) is `key`, sent as `spelling` (the tag as the page
 * writes it: the server keeps the spelling a person followed, for their list of followed tags). Optimistic: its header flips at once (the
 * pressed toggle, one follower more or less), the answer then settles whether the reader follows it,
 * and a failure puts back what the reader saw. Success or not (an answer lost on its way may hide a
 * change the server did make), the tag's header, the followed tags and the network feed are read
 * again; the reply's consistency token makes those reads show the change.
 */
export function useFollowTag(key: string, spelling: string) {
  const queryClient = useQueryClient();
  const summaryKey = tagSummaryKey(key);
  return useMutation({
    mutationKey: [...summaryKey, 'follow'],
    mutationFn: (follow: boolean) => (follow ? followTag(spelling) : unfollowTag(spelling)),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: summaryKey, exact: true });
      const before = queryClient.getQueryData<TagSummary>(summaryKey);
      if (before && before.isFollowing !== follow) {
        queryClient.setQueryData<TagSummary>(summaryKey, {
          ...before,
          isFollowing: follow,
          followersCount: Math.max(0, before.followersCount + (follow ? 1 : -1)),
        });
      }
      return { before };
    },
    onSuccess: (state) =>
      queryClient.setQueryData<TagSummary>(summaryKey, (summary) =>
        summary ? { ...summary, isFollowing: state.isFollowing } : summary,
      ),
    onError: (_error, _follow, context) => {
      if (context?.before) queryClient.setQueryData(summaryKey, context.before);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: summaryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: followedTagsKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: feedListsKey, predicate: isNetworkFeed });
    },
  });
}

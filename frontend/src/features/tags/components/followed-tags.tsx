import { tagMessages } from '@careers/contracts/messages';
import { tagKey } from '@careers/contracts/tags';
import { useId } from 'react';
import { TagLink } from '../../../components/tag-link';
import { TryAgainButton } from '../../../components/try-again-button';
import { errorMessageOf } from '../../../lib/api-client';
import { useFollowedTags } from '../api/get-followed-tags';

/**
 * Beyond the spec: the tags the reader follows, newest first, each a link to its page (the one on
 * screen marked as such), beside the feed on wide screens and above its posts on narrow ones. Posts
 * carrying them join the reader's network feed (the dashboard's Recent Activity); the empty card says
 * so. It is read again after each follow or unfollow (useFollowTag). A failure stays in the card, not
 * an alert: the feed beside it is what the screen is for.
 */
export function FollowedTags({ current }: { current?: string }) {
  const followed = useFollowedTags();
  const titleId = useId();
  const tags = followed.data ?? [];

  return (
    <section
      className="card followed-tags"
      aria-labelledby={titleId}
      aria-busy={followed.isPending || undefined}
    >
      <h2 className="section-title" id={titleId}>
        {tagMessages.followedTitle}
      </h2>
      {tags.length > 0 ? (
        <ul className="followed-tags-list">
          {tags.map(({ tag }) => (
            <li key={tag}>
              <TagLink tag={tag} className="post-tag" current={current === tagKey(tag)} />
            </li>
          ))}
        </ul>
      ) : null}
      {followed.data && tags.length === 0 ? (
        <p className="followed-tags-empty">{tagMessages.noneFollowed}</p>
      ) : null}
      {followed.isError && !followed.data ? (
        <div className="card-error-block">
          <p className="card-error">{errorMessageOf(followed.error, tagMessages.fetchFollowed)}</p>
          <TryAgainButton
            className="button button-ghost"
            retrying={followed.isFetching}
            onRetry={() => void followed.refetch()}
          />
        </div>
      ) : null}
    </section>
  );
}

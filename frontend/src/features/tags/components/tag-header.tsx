import type { TagSummary } from '@careers/contracts/entities/tag';
import { tagMessages } from '@careers/contracts/messages';
import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { TryAgainButton } from '../../../components/try-again-button';
import { errorMessageOf } from '../../../lib/api-client';
import { formatCount, useLanguage } from '../../../lib/locale';
import { useFollowTag } from '../api/follow-tag';
import { useTagSummary } from '../api/get-tag';

interface TagHeaderProps {
  /** The tag as the URL writes it (without its `#`), and as tags compare (tagKey). */
  tag: string;
  tagKey: string;
  /** The screen's heading: the feed's list hands it the focus (see PostList). */
  heading: RefObject<HTMLHeadingElement | null>;
}

/**
 * Beyond the spec: the top of a tag's page (`/feed?tag=word`). The heading is the tag as the link
 * that led here writes it; under it how many posts carry it and how many people follow it, the Follow
 * toggle, and the way back to the whole feed. The counts are the server's (posts the reader may see).
 */
export function TagHeader({ tag, tagKey, heading }: TagHeaderProps) {
  const summary = useTagSummary(tagKey);
  const failure =
    summary.isError && !summary.data ? errorMessageOf(summary.error, tagMessages.fetchTag) : null;

  return (
    <div className="card tag-header">
      <Link to="/feed" className="tag-header-back">
        {tagMessages.allPosts}
      </Link>
      <h1 className="screen-title" ref={heading} tabIndex={-1}>
        {tagMessages.hashtag(tag)}
      </h1>
      {summary.data ? (
        <div className="tag-header-row">
          <TagCounts summary={summary.data} />
          <FollowTagToggle tag={tag} tagKey={tagKey} following={summary.data.isFollowing} />
        </div>
      ) : null}
      {failure === null ? null : (
        <div className="card-error-block">
          <p className="card-error">{failure}</p>
          <TryAgainButton
            className="button button-ghost"
            retrying={summary.isFetching}
            onRetry={() => void summary.refetch()}
          />
        </div>
      )}
    </div>
  );
}

function TagCounts({ summary }: { summary: TagSummary }) {
  const language = useLanguage();
  return (
    <p className="tag-header-counts">
      <span>{tagMessages.postsCount(summary.postsCount, formatCount(summary.postsCount, language))}</span>
      <span aria-hidden="true"> · </span>
      <span>
        {tagMessages.followersCount(summary.followersCount, formatCount(summary.followersCount, language))}
      </span>
    </p>
  );
}

interface FollowTagToggleProps {
  tag: string;
  tagKey: string;
  following: boolean;
}

/**
 * "Follow", a toggle button whose pressed state says whether the reader follows the tag; pressed, it
 * reads "Following". Its name is its word and the tag ("Follow #rust", "Following #rust"), so it holds
 * what is on screen (WCAG 2.5.3) and never contradicts the pressed state (as "Unfollow, pressed"
 * would). Optimistic: it flips at once (the followers count with it, useFollowTag) and goes back with
 * an alert in the server's words when the change fails. While one is on its way the button is
 * aria-disabled, not disabled, so the focus stays on it and a second click sends nothing.
 */
function FollowTagToggle({ tag, tagKey, following }: FollowTagToggleProps) {
  const change = useFollowTag(tagKey, tag);
  const word = following ? tagMessages.following : tagMessages.follow;

  function toggle() {
    if (change.isPending) return;
    const follow = !following;
    change.mutate(follow, {
      onError: (error) =>
        window.alert(errorMessageOf(error, follow ? tagMessages.followFailed : tagMessages.unfollowFailed)),
    });
  }

  return (
    <button
      type="button"
      className={following ? 'button follow-toggle follow-toggle-on' : 'button follow-toggle'}
      aria-label={tagMessages.followButton(word, tag)}
      aria-pressed={following}
      aria-disabled={change.isPending || undefined}
      onClick={toggle}
    >
      {word}
    </button>
  );
}

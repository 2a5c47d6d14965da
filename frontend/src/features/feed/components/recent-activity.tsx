import { dashboardCounts } from '@careers/contracts/constants';
import { fallbackMessages } from '@careers/contracts/messages';
import { useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, initialsOf } from '../../../components/avatar';
import { CommentIcon, HeartIcon } from '../../../components/icons';
import { LinkifiedText } from '../../../components/linkified-text';
import { LoadingState } from '../../../components/loading-state';
import { RelativeTime } from '../../../components/relative-time';
import { TryAgainButton } from '../../../components/try-again-button';
import { errorMessageOf } from '../../../lib/api-client';
import { formatCount, useLanguage } from '../../../lib/locale';
import { useNow } from '../../../lib/use-now';
import { postsOf, useFeed } from '../api/get-feed';
import { authorName } from './author';
import { EditedMark } from './edited-mark';

/** The dashboard's latest posts from the reader's network (their home timeline), followed tags' included. */
const networkFilters = { limit: dashboardCounts.posts, following: true };

export function RecentActivity() {
  const feed = useFeed(networkFilters);
  // A post the reader just published is put first in the cached list, which then holds one more.
  const posts = postsOf(feed.data).slice(0, dashboardCounts.posts);
  const now = useNow();
  const language = useLanguage();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);

  // The error goes once the list loads: focus moves to the card's heading, not to the top of the page.
  async function retry() {
    const result = await feed.refetch();
    if (!result.isError) title.current?.focus();
  }

  return (
    <section className="card dashboard-card" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId} ref={title} tabIndex={-1}>
        Recent Activity
      </h2>
      {feed.isPending ? <LoadingState /> : null}
      {feed.isError && !feed.data ? (
        <div className="card-error-block">
          <p className="card-error" role="alert">
            {errorMessageOf(feed.error, fallbackMessages.fetchFeed)}
          </p>
          <TryAgainButton
            className="button button-ghost"
            retrying={feed.isFetching}
            onRetry={() => void retry()}
          />
        </div>
      ) : null}
      {feed.data && posts.length === 0 ? (
        <div className="empty-state">
          <p>No recent activity from your network yet</p>
          <Link to="/connections" className="button">
            Find Connections
          </Link>
        </div>
      ) : null}
      {posts.length > 0 ? (
        <ul className="activity-list">
          {posts.map((post) => (
            <li key={post._id} className="activity-item">
              <Avatar
                picture={post.author.profilePicture}
                name={authorName(post.author)}
                initials={initialsOf(post.author)}
              />
              <div className="activity-body">
                <p className="activity-head">
                  <span className="activity-author">{authorName(post.author)}</span>
                  <RelativeTime at={post.createdAt} now={now} />
                  {post.editedAt ? <EditedMark at={post.editedAt} /> : null}
                </p>
                <p className="activity-content" dir="auto">
                  <LinkifiedText text={post.content} />
                </p>
                <p className="activity-counts">
                  <span className="activity-count">
                    <HeartIcon />
                    <span className="visually-hidden">Likes: </span>
                    {formatCount(post.likesCount, language)}
                  </span>
                  <span className="activity-count">
                    <CommentIcon />
                    <span className="visually-hidden">Comments: </span>
                    {formatCount(post.commentsCount, language)}
                  </span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to="/feed" className="button button-ghost card-footer-action">
        View All Posts
      </Link>
    </section>
  );
}

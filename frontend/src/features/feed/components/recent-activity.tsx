import { dashboardCounts } from '@careers/contracts/constants';
import { fallbackMessages } from '@careers/contracts/messages';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { CommentIcon, HeartIcon } from '../../../components/icons';
import { LoadingState } from '../../../components/loading-state';
import { RelativeTime } from '../../../components/relative-time';
import { errorMessageOf } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import { postsOf, useFeed } from '../api/get-feed';
import { authorInitials, authorName } from './author';

/** The dashboard's latest posts from the reader's network (their home timeline). */
const networkFilters = { limit: dashboardCounts.posts, following: true };

export function RecentActivity() {
  const feed = useFeed(networkFilters);
  // A post the reader just published is put first in the cached list, which then holds one more.
  const posts = postsOf(feed.data).slice(0, dashboardCounts.posts);
  const now = useNow();
  const titleId = useId();

  return (
    <section className="card dashboard-card" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        Recent Activity
      </h2>
      {feed.isPending ? <LoadingState /> : null}
      {feed.isError && !feed.data ? (
        <p className="card-error" role="alert">
          {errorMessageOf(feed.error, fallbackMessages.fetchFeed)}
        </p>
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
              <Avatar picture={post.author.profilePicture} initials={authorInitials(post.author)} />
              <div className="activity-body">
                <p className="activity-head">
                  <span className="activity-author">{authorName(post.author)}</span>
                  <RelativeTime at={post.createdAt} now={now} />
                </p>
                <p className="activity-content">{post.content}</p>
                <p className="activity-counts">
                  <span className="activity-count">
                    <HeartIcon />
                    <span className="visually-hidden">Likes: </span>
                    {post.likesCount}
                  </span>
                  <span className="activity-count">
                    <CommentIcon />
                    <span className="visually-hidden">Comments: </span>
                    {post.commentsCount}
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

import { errorCardTitles, fallbackMessages, feedMessages, postMessages } from '@careers/contracts/messages';
import { useMemo, useRef } from 'react';
import { ErrorCard } from '../../../components/error-card';
import { LoadMoreButton } from '../../../components/load-more-button';
import { LoadingState } from '../../../components/loading-state';
import { errorMessageOf } from '../../../lib/api-client';
import { formatCount, useLanguage } from '../../../lib/locale';
import { useNow } from '../../../lib/use-now';
import { feedScreenFilters, postsOf, useFeed } from '../api/get-feed';
import { useLivePosts } from '../live/use-live-posts';
import { PostList } from './post-card';
import { PostComposer } from './post-composer';

export function FeedScreen({ viewerId }: { viewerId: string }) {
  const feed = useFeed(feedScreenFilters);
  const posts = useMemo(() => postsOf(feed.data), [feed.data]);
  const postIds = useMemo(() => posts.map((post) => post._id), [posts]);
  const live = useLivePosts(postIds, viewerId);
  const top = useRef<HTMLHeadingElement>(null);
  const now = useNow();
  const language = useLanguage();
  const failure = feed.isError ? errorMessageOf(feed.error, fallbackMessages.fetchFeed) : null;

  // The error card goes once the feed loads: focus moves to the heading, not to the top of the page.
  async function retry() {
    const result = await feed.refetch();
    if (!result.isError) top.current?.focus();
  }

  return (
    <section className="screen feed-screen">
      <h1 className="screen-title" ref={top} tabIndex={-1}>
        Feed
      </h1>
      <PostComposer />
      {/* Always present, so a screen reader hears the pill appear and its count grow, without a jump. */}
      <div className="new-posts-region" aria-live="polite">
        {live.newPostsCount > 0 ? (
          <button
            type="button"
            className="button new-posts"
            onClick={() => {
              live.showNewPosts();
              top.current?.scrollIntoView?.({ behavior: 'smooth' });
            }}
          >
            {feedMessages.newPosts(formatCount(live.newPostsCount, language))}
          </button>
        ) : null}
      </div>
      {feed.isPending ? <LoadingState /> : null}
      {feed.data && posts.length === 0 ? (
        <div className="card empty-state">
          <p>{postMessages.noPosts}</p>
        </div>
      ) : null}
      <PostList posts={posts} now={now} viewerId={viewerId} heading={top} />
      {failure === null ? null : (
        <ErrorCard
          title={errorCardTitles.feed}
          message={failure}
          retrying={feed.isFetching}
          onRetry={() => void retry()}
        />
      )}
      <LoadMoreButton list={feed} label="Load more" />
    </section>
  );
}

import {
  errorCardTitles,
  fallbackMessages,
  feedMessages,
  postMessages,
  tagMessages,
} from '@careers/contracts/messages';
import { useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorCard } from '../../../components/error-card';
import { LoadMoreButton } from '../../../components/load-more-button';
import { LoadingState } from '../../../components/loading-state';
import { errorMessageOf } from '../../../lib/api-client';
import { formatCount, useLanguage } from '../../../lib/locale';
import { useNow } from '../../../lib/use-now';
import { FollowedTags } from '../../tags/components/followed-tags';
import { TagHeader } from '../../tags/components/tag-header';
import { type TagInUrl, tagOfUrl } from '../../tags/tag-in-url';
import { feedScreenFilters, postsOf, tagFeedFilters, useFeed } from '../api/get-feed';
import { useLivePosts } from '../live/use-live-posts';
import { PostList } from './post-card';
import { PostComposer } from './post-composer';

/**
 * The feed, or (beyond the spec) a tag's page, `/feed?tag=word`: the same screen, its list the posts
 * carrying the tag under the tag's header (counts, Follow). Each list is its own cache entry. A `tag`
 * that cannot be one says so, and asks for nothing.
 */
export function FeedScreen({ viewerId }: { viewerId: string }) {
  const [params] = useSearchParams();
  const wanted = tagOfUrl(params);
  if (wanted.kind === 'invalid') return <InvalidTag wanted={wanted} />;
  return <FeedList viewerId={viewerId} tag={wanted.kind === 'tag' ? wanted : null} />;
}

function FeedList({ viewerId, tag }: { viewerId: string; tag: { tag: string; key: string } | null }) {
  const feed = useFeed(tag ? tagFeedFilters(tag.key) : feedScreenFilters);
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
      {tag ? (
        <TagHeader key={tag.key} tag={tag.tag} tagKey={tag.key} heading={top} />
      ) : (
        <h1 className="screen-title" ref={top} tabIndex={-1}>
          Feed
        </h1>
      )}
      <PostComposer />
      <FollowedTags current={tag?.key} />
      {/* Always present, so a screen reader hears the pill appear and its count grow, without a jump. */}
      <div className="new-posts-region" aria-live="polite">
        {/* The pushes do not say a new post's tags: a tag's page counts none it may not list. */}
        {live.newPostsCount > 0 && !tag ? (
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
          <p>{tag ? tagMessages.noPosts(tag.tag) : postMessages.noPosts}</p>
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

/** `/feed?tag=` naming something that cannot be a tag: what is wrong, and the way back to the feed. */
function InvalidTag({ wanted }: { wanted: Extract<TagInUrl, { kind: 'invalid' }> }) {
  return (
    <section className="screen feed-screen">
      <h1 className="screen-title">{tagMessages.invalidTitle}</h1>
      <div className="card empty-state">
        <p>{tagMessages.invalidTag(wanted.written, wanted.reason)}</p>
        <Link to="/feed" className="button">
          {tagMessages.allPosts}
        </Link>
      </div>
    </section>
  );
}

import type { Post } from '@careers/contracts/entities/post';
import { feedMessages } from '@careers/contracts/messages';
import { useId, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { CommentIcon, HeartIcon } from '../../../components/icons';
import { LinkifiedText } from '../../../components/linkified-text';
import { PersonLink } from '../../../components/person-link';
import { RelativeTime } from '../../../components/relative-time';
import { formatCount, useLanguage } from '../../../lib/locale';
import { useToggleLike } from '../api/toggle-like';
import { authorHeadline, authorInitial, authorName } from './author';
import { clipPost, isLongPost } from './clip-post';
import { PostComments } from './post-comments';

/**
 * One post: author (their name a link to their profile), time, who sees it when only the author's
 * connections do, text (line breaks kept, web addresses linked; React escapes the rest, so no
 * markup gets in), tags, and the like and comment buttons. Each button's name says what it does and
 * its count ("Like, 3"), as the icon and number on screen do; whether the reader likes the post is
 * the like button's pressed state, so the name does not flip to "Unlike" (that would read "Unlike,
 * pressed"). While a like is sent the button is aria-disabled, not disabled: a focused button that
 * becomes disabled drops the focus to the page, so Enter or Space on it would lose the reader's place.
 *
 * A long post (over 600 characters or 8 lines) shows its start with "See more", which unfolds it in
 * place and becomes "See less". The text is written in whatever direction its first strong letter
 * has (dir="auto"), so a post in Arabic or Hebrew reads right to left.
 */
export function PostCard({ post, now }: { post: Post; now: Date }) {
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [unfolded, setUnfolded] = useState(false);
  const long = isLongPost(post.content);
  const like = useToggleLike();
  const language = useLanguage();
  const likes = formatCount(post.likesCount, language);
  const comments = formatCount(post.commentsCount, language);
  const id = useId();
  const ids = { name: `${id}name`, comments: `${id}comments`, content: `${id}content` };

  return (
    <article className="card post-card" aria-labelledby={ids.name}>
      <header className="post-header">
        <Avatar
          picture={post.author.profilePicture}
          name={authorName(post.author)}
          initials={authorInitial(post.author)}
        />
        <div className="post-byline">
          <p className="post-author" id={ids.name}>
            <PersonLink id={post.author._id} name={authorName(post.author)} />
          </p>
          <p className="post-meta">
            <span>{authorHeadline(post.author)}</span>
            <span aria-hidden="true"> · </span>
            <RelativeTime at={post.createdAt} now={now} />
            {post.visibility === 'connections' ? (
              <>
                <span aria-hidden="true"> · </span>
                <span className="post-visibility">{feedMessages.visibilityConnections}</span>
              </>
            ) : null}
          </p>
        </div>
      </header>
      <p className="post-content" id={ids.content} dir="auto">
        <LinkifiedText text={long && !unfolded ? clipPost(post.content) : post.content} />
      </p>
      {long ? (
        <button
          type="button"
          className="post-fold"
          aria-expanded={unfolded}
          aria-controls={ids.content}
          onClick={() => setUnfolded(!unfolded)}
        >
          {unfolded ? feedMessages.seeLess : feedMessages.seeMore}
        </button>
      ) : null}
      {post.tags.length > 0 ? (
        <ul className="post-tags" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag} className="post-tag">
              #{tag}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="post-actions">
        <button
          type="button"
          className={post.isLiked ? 'post-action post-action-liked' : 'post-action'}
          aria-label={feedMessages.likeButton(likes)}
          aria-pressed={post.isLiked}
          aria-disabled={like.isPending || undefined}
          onClick={() => {
            if (like.isPending) return;
            like.mutate({ postId: post._id, likesCount: post.likesCount, isLiked: post.isLiked });
          }}
        >
          <HeartIcon filled={post.isLiked} />
          <span className="post-action-count">{likes}</span>
        </button>
        <button
          type="button"
          className="post-action"
          aria-label={feedMessages.commentsButton(comments)}
          aria-expanded={commentsOpen}
          aria-controls={commentsOpen ? ids.comments : undefined}
          onClick={() => setCommentsOpen((open) => !open)}
        >
          <CommentIcon />
          <span className="post-action-count">{comments}</span>
        </button>
      </div>
      {commentsOpen ? <PostComments id={ids.comments} post={post} now={now} /> : null}
    </article>
  );
}

/** Posts as the feed lists them, newest first; nothing while there are none. */
export function PostList({ posts, now }: { posts: readonly Post[]; now: Date }) {
  if (posts.length === 0) return null;
  return (
    <div className="post-list">
      {posts.map((post) => (
        <PostCard key={post._id} post={post} now={now} />
      ))}
    </div>
  );
}

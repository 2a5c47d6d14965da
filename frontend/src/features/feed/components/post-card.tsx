import type { Post } from '@careers/contracts/entities/post';
import { useId, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { CommentIcon, HeartIcon } from '../../../components/icons';
import { RelativeTime } from '../../../components/relative-time';
import { useToggleLike } from '../api/toggle-like';
import { authorHeadline, authorInitial, authorName } from './author';
import { PostComments } from './post-comments';

/**
 * One post: author, time, text (line breaks kept; React escapes it, so no markup gets in), tags, and
 * the like and comment buttons. Each button is named for what it does; its count is its description.
 */
export function PostCard({ post, now }: { post: Post; now: Date }) {
  const [commentsOpen, setCommentsOpen] = useState(false);
  const like = useToggleLike();
  const id = useId();
  const ids = {
    name: `${id}name`,
    likes: `${id}likes`,
    commentsCount: `${id}comments-count`,
    comments: `${id}comments`,
  };

  return (
    <article className="card post-card" aria-labelledby={ids.name}>
      <header className="post-header">
        <Avatar picture={post.author.profilePicture} initials={authorInitial(post.author)} />
        <div className="post-byline">
          <p className="post-author" id={ids.name}>
            {authorName(post.author)}
          </p>
          <p className="post-meta">
            <span>{authorHeadline(post.author)}</span>
            <span aria-hidden="true"> · </span>
            <RelativeTime at={post.createdAt} now={now} />
          </p>
        </div>
      </header>
      <p className="post-content">{post.content}</p>
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
          aria-label="Like"
          aria-pressed={post.isLiked}
          aria-describedby={ids.likes}
          disabled={like.isPending}
          onClick={() =>
            like.mutate({ postId: post._id, likesCount: post.likesCount, isLiked: post.isLiked })
          }
        >
          <HeartIcon filled={post.isLiked} />
          <span className="post-action-count" id={ids.likes}>
            {post.likesCount}
          </span>
        </button>
        <button
          type="button"
          className="post-action"
          aria-label="Comments"
          aria-expanded={commentsOpen}
          aria-controls={commentsOpen ? ids.comments : undefined}
          aria-describedby={ids.commentsCount}
          onClick={() => setCommentsOpen((open) => !open)}
        >
          <CommentIcon />
          <span className="post-action-count" id={ids.commentsCount}>
            {post.commentsCount}
          </span>
        </button>
      </div>
      {commentsOpen ? <PostComments id={ids.comments} post={post} now={now} /> : null}
    </article>
  );
}

import type { Comment } from '@careers/contracts/entities/comment';
import type { Post } from '@careers/contracts/entities/post';
import { feedMessages } from '@careers/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { LinkifiedText } from '../../../components/linkified-text';
import { LoadingState } from '../../../components/loading-state';
import { PersonLink } from '../../../components/person-link';
import { RelativeTime } from '../../../components/relative-time';
import { postQueryOptions } from '../api/get-post';
import { authorInitial, authorName } from './author';
import { CommentForm } from './comment-form';

/** How many of the latest comments an open list shows, and how many more each "Show more" adds. */
export const COMMENTS_PAGE_SIZE = 10;

/**
 * The open comment list, oldest first, showing the latest comments and older ones a page at a time:
 * a post with 300 comments would otherwise draw them all at once. A feed page carries only a post's
 * latest comments, so opening the list asks for the whole post; until it comes (or if it fails) the
 * feed's comments show.
 */
export function PostComments({ id, post, now }: { id: string; post: Post; now: Date }) {
  const fullPost = useQuery(postQueryOptions(post._id));
  const comments = fullPost.data?.comments ?? post.comments;
  const [shown, setShown] = useState(COMMENTS_PAGE_SIZE);
  const [seenFullLength, setSeenFullLength] = useState<number | null>(null);
  const list = useRef<HTMLUListElement>(null);

  // A comment added while the list is open (the reader's own, or one pushed live) joins the ones on
  // screen instead of pushing the oldest of them out of view. Only growth of the whole post counts:
  // the switch from the feed's comments to the post's own is not new comments.
  const fullLength = fullPost.data?.comments.length ?? null;
  if (fullLength !== seenFullLength) {
    if (fullLength !== null && seenFullLength !== null && fullLength > seenFullLength) {
      setShown(shown + (fullLength - seenFullLength));
    }
    setSeenFullLength(fullLength);
  }

  const hidden = Math.max(0, comments.length - shown);
  const visible = comments.slice(hidden);

  function showMore() {
    setShown(shown + COMMENTS_PAGE_SIZE);
    // The button goes away with the last page; the list keeps the focus from falling to the page.
    if (hidden <= COMMENTS_PAGE_SIZE) list.current?.focus();
  }

  const empty = comments.length === 0;
  const known = fullPost.data !== undefined || fullPost.isError || post.commentsCount === 0;

  return (
    <div className="post-comments" id={id}>
      {hidden > 0 ? (
        <button type="button" className="button button-ghost show-more-comments" onClick={showMore}>
          {feedMessages.showMoreComments}
        </button>
      ) : null}
      {empty && known ? <p className="comments-empty">{feedMessages.noComments}</p> : null}
      {empty && !known ? <LoadingState /> : null}
      {empty ? null : (
        <ul className="comment-list" aria-label="Comments" ref={list} tabIndex={-1}>
          {visible.map((comment) => (
            <CommentItem key={comment._id} comment={comment} now={now} />
          ))}
        </ul>
      )}
      <CommentForm postId={post._id} />
    </div>
  );
}

function CommentItem({ comment, now }: { comment: Comment; now: Date }) {
  return (
    <li className="comment">
      <Avatar
        picture={comment.author.profilePicture}
        name={authorName(comment.author)}
        initials={authorInitial(comment.author)}
        size="small"
      />
      <div className="comment-body">
        <p className="comment-head">
          <span className="comment-author">
            <PersonLink id={comment.author._id} name={authorName(comment.author)} />
          </span>
          <RelativeTime at={comment.createdAt} now={now} />
        </p>
        <p className="comment-content" dir="auto">
          <LinkifiedText text={comment.content} />
        </p>
      </div>
    </li>
  );
}

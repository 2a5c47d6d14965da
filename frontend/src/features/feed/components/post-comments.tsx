import { COMMENT_MAX_LENGTH } from '@careers/contracts/constants';
import type { Comment } from '@careers/contracts/entities/comment';
import type { Post } from '@careers/contracts/entities/post';
import { feedMessages, textLimitMessages } from '@careers/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ActionsMenu, type MenuAction } from '../../../components/actions-menu';
import { Avatar } from '../../../components/avatar';
import { LinkifiedText } from '../../../components/linkified-text';
import { LoadingState } from '../../../components/loading-state';
import { PersonLink } from '../../../components/person-link';
import { RelativeTime } from '../../../components/relative-time';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { useDeleteComment } from '../api/delete-comment';
import { useEditComment } from '../api/edit-comment';
import { postQueryOptions } from '../api/get-post';
import { authorInitial, authorName } from './author';
import { CommentForm } from './comment-form';
import { EditedMark } from './edited-mark';
import type { ViewerId } from './post-card';
import { TextEditor } from './text-editor';
import { useEditAndDelete } from './use-edit-and-delete';

/** How many of the latest comments an open list shows, and how many more each "Show more" adds. */
export const COMMENTS_PAGE_SIZE = 10;

/**
 * The open comment list, oldest first, showing the latest comments and older ones a page at a time:
 * a post with 300 comments would otherwise draw them all at once. A feed page carries only a post's
 * latest comments, so opening the list asks for the whole post; until it comes (or if it fails) the
 * feed's comments show.
 *
 * Beyond the spec, a comment's author can edit or delete it ("Comment actions"), and the post's author
 * can delete any comment under their post. A comment that goes while the focus is in it hands the
 * focus to the next comment, else the one before, else the list or the comment box.
 */
export function PostComments({
  id,
  post,
  now,
  viewerId,
}: {
  id: string;
  post: Post;
  now: Date;
  viewerId: ViewerId;
}) {
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
  const root = useFocusAfterRemoval(
    visible.map((comment) => comment._id),
    'data-comment-id',
    (container) => list.current ?? container?.querySelector<HTMLElement>('.comment-form input'),
  );

  function showMore() {
    setShown(shown + COMMENTS_PAGE_SIZE);
    // The button goes away with the last page; the list keeps the focus from falling to the page.
    if (hidden <= COMMENTS_PAGE_SIZE) list.current?.focus();
  }

  const empty = comments.length === 0;
  const known = fullPost.data !== undefined || fullPost.isError || post.commentsCount === 0;

  return (
    <div className="post-comments" id={id} ref={root}>
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
            <CommentItem key={comment._id} comment={comment} post={post} now={now} viewerId={viewerId} />
          ))}
        </ul>
      )}
      <CommentForm postId={post._id} />
    </div>
  );
}

interface CommentItemProps {
  comment: Comment;
  post: Post;
  now: Date;
  viewerId: ViewerId;
}

function CommentItem({ comment, post, now, viewerId }: CommentItemProps) {
  const own = useOwnCommentActions(comment, post, viewerId);
  return (
    <li className="comment" data-comment-id={comment._id} aria-busy={own.deleting || undefined}>
      <Avatar
        picture={comment.author.profilePicture}
        name={authorName(comment.author)}
        initials={authorInitial(comment.author)}
        size="small"
      />
      <div className="comment-body">
        <div className="comment-top">
          <p className="comment-head">
            <span className="comment-author">
              <PersonLink id={comment.author._id} name={authorName(comment.author)} />
            </span>
            <RelativeTime at={comment.createdAt} now={now} />
            {comment.editedAt ? <EditedMark at={comment.editedAt} /> : null}
          </p>
          <ActionsMenu
            label={feedMessages.commentActions}
            actions={own.actions}
            buttonRef={own.menuButton}
            className="comment-menu"
          />
        </div>
        {own.editing ? (
          <TextEditor
            label={feedMessages.editCommentLabel}
            original={comment.content}
            max={COMMENT_MAX_LENGTH}
            tooLong={textLimitMessages.commentTooLong}
            saving={own.saving}
            onSave={own.save}
            onCancel={own.cancel}
            rows={2}
            className="comment-editor"
          />
        ) : (
          <p className="comment-content" dir="auto">
            <LinkifiedText text={comment.content} />
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * Edit for the comment's author, Delete for them and for the post's author; none for anyone else (the
 * menu then is not drawn). One intent, one Idempotency-Key each, as for posts.
 */
function useOwnCommentActions(comment: Comment, post: Post, viewerId: ViewerId) {
  const [editing, setEditing] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const edit = useEditComment(post._id);
  const remove = useDeleteComment(post._id);
  const wroteComment = viewerId !== null && comment.author._id === viewerId;
  const wrotePost = viewerId !== null && post.author._id === viewerId;

  function closeEditor() {
    setEditing(false);
    const focused = document.activeElement;
    const item = menuButton.current?.closest('li');
    if (!focused || focused === document.body || item?.contains(focused)) menuButton.current?.focus();
  }

  const { save, askToDelete } = useEditAndDelete(
    {
      edit: (content, key, callbacks) => edit.mutate({ commentId: comment._id, content, key }, callbacks),
      remove: (key, callbacks) => remove.mutate({ commentId: comment._id, key }, callbacks),
    },
    {
      confirmDelete: feedMessages.confirmDeleteComment,
      editFailed: feedMessages.editCommentFailed,
      deleteFailed: feedMessages.deleteCommentFailed,
    },
    closeEditor,
  );

  const actions: MenuAction[] = [];
  if (wroteComment && !editing) actions.push({ label: feedMessages.edit, onSelect: () => setEditing(true) });
  if (wroteComment || wrotePost)
    actions.push({ label: feedMessages.delete, onSelect: askToDelete, danger: true });

  return {
    menuButton,
    actions,
    editing,
    saving: edit.isPending,
    deleting: remove.isPending,
    save,
    cancel: closeEditor,
  };
}

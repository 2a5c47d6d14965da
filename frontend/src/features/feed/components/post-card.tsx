import { POST_CONTENT_MAX_LENGTH } from '@careers/contracts/constants';
import type { Post } from '@careers/contracts/entities/post';
import { feedMessages, textLimitMessages } from '@careers/contracts/messages';
import { type RefObject, useId, useRef, useState } from 'react';
import { ActionsMenu, type MenuAction } from '../../../components/actions-menu';
import { Avatar } from '../../../components/avatar';
import { CommentIcon, HeartIcon } from '../../../components/icons';
import { LinkifiedText } from '../../../components/linkified-text';
import { PersonLink } from '../../../components/person-link';
import { RelativeTime } from '../../../components/relative-time';
import { TagLink } from '../../../components/tag-link';
import { formatCount, useLanguage } from '../../../lib/locale';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { useDeletePost } from '../api/delete-post';
import { useEditPost } from '../api/edit-post';
import { useToggleLike } from '../api/toggle-like';
import { authorHeadline, authorInitial, authorName } from './author';
import { clipPost, isLongPost } from './clip-post';
import { EditedMark } from './edited-mark';
import { PostComments } from './post-comments';
import { PostImages } from './post-images';
import { TextEditor } from './text-editor';
import { useEditAndDelete } from './use-edit-and-delete';

/** Who reads the card: their own posts and comments have actions. Null when not known. */
export type ViewerId = string | null;

/**
 * One post: author (their name a link to their profile), time, who sees it when only the author's
 * connections do, text (line breaks kept, web addresses linked, and each `#word` the server parsed
 * into the post's tags linked to that tag's page; React escapes the rest, so no markup gets in), tags
 * (links to their pages), and the like and comment buttons. Each button's name says what it does and
 * its count ("Like, 3"), as the icon and number on screen do; whether the reader likes the post is
 * the like button's pressed state, so the name does not flip to "Unlike" (that would read "Unlike,
 * pressed"). While a like is sent the button is aria-disabled, not disabled: a focused button that
 * becomes disabled drops the focus to the page, so Enter or Space on it would lose the reader's place.
 *
 * A long post (over 600 characters or 8 lines) shows its start with "See more", which unfolds it in
 * place and becomes "See less". The text is written in whatever direction its first strong letter
 * has (dir="auto"), so a post in Arabic or Hebrew reads right to left.
 *
 * Beyond the spec, the post's author has "Post actions" (components/actions-menu.tsx): Edit turns the
 * text into an editor in place (text-editor.tsx) and Delete asks first, then takes the post off every
 * list (the list moves the focus on, see PostList). Each edit or delete is one intent with one
 * Idempotency-Key (lib/intent.ts): a double click sends once, and trying again after a failure sends
 * the same key. A failure is an alert, as the composer's; a failed edit keeps the editor and its text.
 * A post changed since it was published says "Edited" beside its time.
 */
export function PostCard({ post, now, viewerId }: { post: Post; now: Date; viewerId: ViewerId }) {
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [unfolded, setUnfolded] = useState(false);
  const long = isLongPost(post.content);
  const like = useToggleLike();
  const language = useLanguage();
  const likes = formatCount(post.likesCount, language);
  const comments = formatCount(post.commentsCount, language);
  const id = useId();
  const ids = { name: `${id}name`, comments: `${id}comments`, content: `${id}content` };
  const own = useOwnPostActions(post);

  return (
    <article
      className="card post-card"
      aria-labelledby={ids.name}
      aria-busy={own.deleting || undefined}
      data-post-id={post._id}
      ref={own.card}
    >
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
            {post.editedAt ? (
              <>
                {' '}
                <EditedMark at={post.editedAt} />
              </>
            ) : null}
          </p>
        </div>
        {viewerId !== null && post.author._id === viewerId ? (
          <ActionsMenu
            label={feedMessages.postActions}
            actions={own.actions}
            buttonRef={own.menuButton}
            className="post-menu"
          />
        ) : null}
      </header>
      {own.editing ? (
        <TextEditor
          label={feedMessages.editPostLabel}
          original={post.content}
          max={POST_CONTENT_MAX_LENGTH}
          tooLong={textLimitMessages.postTooLong}
          saving={own.saving}
          onSave={own.save}
          onCancel={own.cancel}
          rows={4}
        />
      ) : (
        <p className="post-content" id={ids.content} dir="auto">
          <LinkifiedText
            text={long && !unfolded ? clipPost(post.content) : post.content}
            tags={post.tags}
            whole={post.content}
          />
        </p>
      )}
      {long && !own.editing ? (
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
            <li key={tag}>
              <TagLink tag={tag} className="post-tag" />
            </li>
          ))}
        </ul>
      ) : null}
      <PostImages images={post.images} />
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
      {commentsOpen ? <PostComments id={ids.comments} post={post} now={now} viewerId={viewerId} /> : null}
    </article>
  );
}

/**
 * Whether the focus is where an action of the card left it (in the card, or fallen to the page): only
 * then does the card move it. A reader who went elsewhere meanwhile keeps their place.
 */
function focusStayedIn(card: HTMLElement | null): boolean {
  const focused = document.activeElement;
  return !focused || focused === document.body || (card?.contains(focused) ?? false);
}

/** The author's Edit and Delete of one post (their menu shows only on the author's own posts). */
function useOwnPostActions(post: Post) {
  const [editing, setEditing] = useState(false);
  const card = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const edit = useEditPost();
  const remove = useDeletePost();

  function closeEditor() {
    setEditing(false);
    if (focusStayedIn(card.current)) menuButton.current?.focus();
  }

  const { save, askToDelete } = useEditAndDelete(
    {
      edit: (content, key, callbacks) => edit.mutate({ postId: post._id, content, key }, callbacks),
      // On success the post leaves the cache and so the screen; PostList moves the focus on.
      remove: (key, callbacks) => remove.mutate({ postId: post._id, key }, callbacks),
    },
    {
      confirmDelete: feedMessages.confirmDeletePost,
      editFailed: feedMessages.editPostFailed,
      deleteFailed: feedMessages.deletePostFailed,
    },
    closeEditor,
  );

  const actions: MenuAction[] = [
    ...(editing ? [] : [{ label: feedMessages.edit, onSelect: () => setEditing(true) }]),
    { label: feedMessages.delete, onSelect: askToDelete, danger: true },
  ];

  return {
    card,
    menuButton,
    actions,
    editing,
    saving: edit.isPending,
    deleting: remove.isPending,
    save,
    cancel: closeEditor,
  };
}

interface PostListProps {
  posts: readonly Post[];
  now: Date;
  viewerId: ViewerId;
  /** Where the focus goes when the last post under it goes (the screen's or section's heading). */
  heading?: RefObject<HTMLElement | null>;
}

/**
 * Posts as the feed lists them, newest first; nothing while there are none. A post that goes while
 * the focus is in it (the reader deleted it, or it was removed live) hands the focus to the next post,
 * else the one before, else the list's heading.
 */
export function PostList({ posts, now, viewerId, heading }: PostListProps) {
  const list = useFocusAfterRemoval(
    posts.map((post) => post._id),
    'data-post-id',
    () => heading?.current,
  );
  if (posts.length === 0) return null;
  return (
    <div className="post-list" ref={list}>
      {posts.map((post) => (
        <PostCard key={post._id} post={post} now={now} viewerId={viewerId} />
      ))}
    </div>
  );
}

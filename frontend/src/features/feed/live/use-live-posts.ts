import { parseConsistencyTokens } from '@careers/contracts/consistency';
import {
  type ClientEventName,
  clientEvents,
  FeedPostCreatedPayload,
  MAX_POST_SUBSCRIPTIONS,
  OwnLikeChangedPayload,
  PostCommentAddedPayload,
  PostCommentEditedPayload,
  PostCommentRemovedPayload,
  PostEditedPayload,
  PostRemovedPayload,
  PostUpdatedPayload,
  serverEvents,
} from '@careers/contracts/sockets';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiClient } from '../../../lib/api-client';
import { type AppSocket, getSocket } from '../../../lib/socket';
import { type EditCommentInput, editCommentMutationKey } from '../api/edit-comment';
import { type EditPostInput, editPostMutationKey } from '../api/edit-post';
import { refreshFeedLists } from '../api/get-feed';
import { getPost, postQueryKey } from '../api/get-post';
import { addPostFirst, cachedPost, removePost, updateComment, updatePost } from '../api/post-cache';
import { type LikeSnapshot, toggleLikeMutationKey } from '../api/toggle-like';

/** The post stream version a push was made at (its consistency token names it). */
function versionOf(token: string): number {
  return parseConsistencyTokens(token)?.[0]?.streamVersion ?? 0;
}

function emitInChunks(socket: AppSocket, event: ClientEventName, postIds: string[]): void {
  for (let start = 0; start < postIds.length; start += MAX_POST_SUBSCRIPTIONS) {
    socket.emit(event, { postIds: postIds.slice(start, start + MAX_POST_SUBSCRIPTIONS) });
  }
}

/**
 * When a post the gateway did not join is asked for again (ms after the last ask). The gateway joins
 * a post's room only once the read side shows the post to this reader, and a post can be on screen
 * before that: the reader's own new post comes from the reply to its write, ahead of the projector.
 * The asks go on for about a minute, each one question to the gateway: a projector that restarts
 * takes some 15 s to catch up (docs/operations.md), and a post asked for during only 8 s would then
 * never have its counts pushed.
 */
export const SUBSCRIBE_RETRIES_MS = [250, 500, 1000, 2000, 4000, 8000, 15_000, 30_000];

/** What `subscribeInChunks` keeps asking with. */
interface Following {
  /** Whether a post is still on screen (asked again only while it is). */
  stillWanted: (postId: string) => boolean;
  /** The timers of the asks to come, to cancel. */
  later: Set<ReturnType<typeof setTimeout>>;
  /** Posts joined on an ask after the first: pushes sent before the join did not reach this tab. */
  joinedLate: (postIds: string[]) => void;
}

/**
 * Subscribes to `postIds` and asks again, after each of SUBSCRIBE_RETRIES_MS, for those the gateway's
 * answer left out while they are on screen.
 */
function subscribeInChunks(socket: AppSocket, postIds: string[], following: Following, attempt = 0): void {
  for (let start = 0; start < postIds.length; start += MAX_POST_SUBSCRIPTIONS) {
    const asked = postIds.slice(start, start + MAX_POST_SUBSCRIPTIONS);
    socket.emit(clientEvents.postSubscribe, { postIds: asked }, (reply) => {
      const joined = new Set(reply?.postIds ?? []);
      if (attempt > 0 && joined.size > 0) following.joinedLate(asked.filter((id) => joined.has(id)));
      const delay = SUBSCRIBE_RETRIES_MS[attempt];
      const missing = asked.filter((id) => !joined.has(id));
      if (delay === undefined || missing.length === 0) return;
      const timer = setTimeout(() => {
        following.later.delete(timer);
        const again = missing.filter(following.stillWanted);
        if (socket.connected && again.length > 0) subscribeInChunks(socket, again, following, attempt + 1);
      }, delay);
      following.later.add(timer);
    });
  }
}

/** Whether the text stamped `editedAt` is newer than the one stamped `shown` (absent: never edited). */
function isNewer(editedAt: string | undefined, shown: string | undefined): boolean {
  if (editedAt === undefined) return false;
  return shown === undefined || Date.parse(editedAt) > Date.parse(shown);
}

/** Whether an edit of this tab, still on its way, is the one a push is about: its reply will show it. */
function editOnItsWay<Input>(
  queryClient: QueryClient,
  mutationKey: readonly string[],
  matches: (input: Input) => boolean,
): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey, status: 'pending' })
    .some((mutation) => {
      const input = mutation.state.variables as Input | undefined;
      return input !== undefined && matches(input);
    });
}

/** Enough to wait for every post announced while the reader was looking elsewhere on the page. */
const maxNewPostTokens = 20;

interface NewPost {
  postId: string;
  consistencyToken: string;
}

export interface LivePosts {
  /** How many posts someone else published since the list was loaded (0 when none). */
  newPostsCount: number;
  /** Loads the first page again, waiting for the announced posts to be readable. */
  showNewPosts(): void;
}

/**
 * The feed's realtime wiring. It follows the posts on screen (post:subscribe / post:unsubscribe, again
 * after every reconnect) and applies what the gateway pushes: counts go straight into the cache, an
 * open comment list is fetched again, an edited post or comment is read again, a removed one goes,
 * and a post by someone else raises "New posts". Pushes are small
 * notes; anything larger comes through the normal GET, carrying the push's consistency token.
 */
export function useLivePosts(postIds: readonly string[], viewerId: string): LivePosts {
  const queryClient = useQueryClient();
  const subscribed = useRef<ReadonlySet<string>>(new Set());
  const [newPosts, setNewPosts] = useState<readonly NewPost[]>([]);
  /** Per post, the stream version of the newest comment push applied: an older one arriving late is stale. */
  const commentVersions = useRef(new Map<string, number>());
  /** Likewise for like-count pushes. */
  const likeVersions = useRef(new Map<string, number>());
  const idsKey = [...new Set(postIds)].sort().join(' ');
  /** Subscriptions to be asked again (see subscribeInChunks). */
  const retries = useRef(new Set<ReturnType<typeof setTimeout>>());
  const stillWanted = useCallback((postId: string) => subscribed.current.has(postId), []);
  // A post joined only on a later ask (the reader's own new post, before the read side had it) may
  // have been liked or commented on meanwhile, with the push sent to a room this tab was not in yet:
  // its counts are read once, and its text if it was edited meanwhile. A push that arrives while
  // they are read is newer, and wins.
  const joinedLate = useCallback(
    (joined: string[]) => {
      for (const postId of joined) {
        const pushed = [likeVersions.current.get(postId), commentVersions.current.get(postId)];
        getPost(postId)
          .then((read) => {
            const countsHeld =
              likeVersions.current.get(postId) === pushed[0] &&
              commentVersions.current.get(postId) === pushed[1];
            updatePost(queryClient, postId, (post) => ({
              ...post,
              ...(countsHeld ? { likesCount: read.likesCount, commentsCount: read.commentsCount } : {}),
              ...(isNewer(read.editedAt, post.editedAt)
                ? { content: read.content, editedAt: read.editedAt }
                : {}),
            }));
          })
          .catch(() => undefined);
      }
    },
    [queryClient],
  );
  const following = useMemo(
    () => ({ stillWanted, later: retries.current, joinedLate }),
    [stillWanted, joinedLate],
  );

  // Subscribe to the posts that came on screen and unsubscribe from those that left it.
  useEffect(() => {
    const socket = getSocket();
    const wanted = new Set(idsKey === '' ? [] : idsKey.split(' '));
    const before = subscribed.current;
    if (socket.connected) {
      emitInChunks(
        socket,
        clientEvents.postUnsubscribe,
        [...before].filter((id) => !wanted.has(id)),
      );
      subscribeInChunks(
        socket,
        [...wanted].filter((id) => !before.has(id)),
        following,
      );
    }
    // While disconnected the server holds nothing for this socket; "connect" subscribes to all of these.
    subscribed.current = wanted;
  }, [idsKey, following]);

  useEffect(() => {
    const later = retries.current;
    return () => {
      for (const timer of later) clearTimeout(timer);
      later.clear();
      const socket = getSocket();
      if (socket.connected) emitInChunks(socket, clientEvents.postUnsubscribe, [...subscribed.current]);
      subscribed.current = new Set();
    };
  }, []);

  useEffect(() => {
    const socket = getSocket();

    const resubscribe = () => subscribeInChunks(socket, [...subscribed.current], following);

    const onPostUpdated = (raw: unknown) => {
      const parsed = PostUpdatedPayload.safeParse(raw);
      if (!parsed.success) return;
      const { postId, likesCount, commentsCount, consistencyToken } = parsed.data;
      // Counts are pushed coalesced, newest first, but a gateway taking over after another's crash may
      // repeat an older one: a count older than the one shown is dropped.
      const version = versionOf(consistencyToken);
      if (version <= (likeVersions.current.get(postId) ?? 0)) return;
      likeVersions.current.set(postId, version);
      // The reader's own isLiked stays: the push is about everyone's count.
      updatePost(queryClient, postId, (post) => ({
        ...post,
        likesCount,
        commentsCount: commentsCount ?? post.commentsCount,
      }));
    };

    const onCommentChanged = (removed: boolean) => (raw: unknown) => {
      const parsed = (removed ? PostCommentRemovedPayload : PostCommentAddedPayload).safeParse(raw);
      if (!parsed.success) return;
      const { postId, commentsCount, consistencyToken } = parsed.data;
      // A push for an earlier change of the post, arriving late, must not undo a newer one.
      const version = versionOf(consistencyToken);
      if (version <= (commentVersions.current.get(postId) ?? 0)) return;
      commentVersions.current.set(postId, version);
      // An added comment only raises the count (the reader's own reply may already be counted); a
      // removal (its author deleted their account) sets the count after it.
      updatePost(queryClient, postId, (post) => ({
        ...post,
        commentsCount: removed ? commentsCount : Math.max(post.commentsCount, commentsCount),
      }));
      // The push can come before the read side has the comment. An open comment list refetches now and
      // a closed one when it opens: either read carries the push's token, so it waits for this comment.
      apiClient.rememberConsistencyToken(consistencyToken);
      void queryClient.invalidateQueries({ queryKey: postQueryKey(postId), exact: true });
    };

    // A post's or a comment's text changed: the push says only which and when, so the post is read
    // again (waiting for that change, with the push's token) and only the changed text is taken from
    // it: its counts may be older than ones pushed meanwhile. This tab's own edit needs nothing: its
    // reply has shown it already, or will. A read that comes back older than what is shown is dropped.
    const onPostEdited = (raw: unknown) => {
      const parsed = PostEditedPayload.safeParse(raw);
      if (!parsed.success) return;
      const { postId, editedAt, consistencyToken } = parsed.data;
      const shown = cachedPost(queryClient, postId);
      if (!shown || !isNewer(editedAt, shown.editedAt)) return;
      if (editOnItsWay<EditPostInput>(queryClient, editPostMutationKey, (input) => input.postId === postId))
        return;
      apiClient.rememberConsistencyToken(consistencyToken);
      getPost(postId)
        .then((read) =>
          updatePost(queryClient, postId, (post) =>
            isNewer(read.editedAt, post.editedAt)
              ? { ...post, content: read.content, editedAt: read.editedAt }
              : post,
          ),
        )
        .catch(() => undefined);
    };

    const onCommentEdited = (raw: unknown) => {
      const parsed = PostCommentEditedPayload.safeParse(raw);
      if (!parsed.success) return;
      const { postId, commentId, editedAt, consistencyToken } = parsed.data;
      // Only a comment on screen (the open list, or the latest ones a feed page carries) is read again.
      const shown = cachedPost(queryClient, postId)?.comments.find((comment) => comment._id === commentId);
      if (!shown || !isNewer(editedAt, shown.editedAt)) return;
      if (
        editOnItsWay<EditCommentInput>(
          queryClient,
          editCommentMutationKey,
          (input) => input.commentId === commentId,
        )
      )
        return;
      apiClient.rememberConsistencyToken(consistencyToken);
      getPost(postId)
        .then((read) => {
          const edited = read.comments.find((comment) => comment._id === commentId);
          if (!edited) return;
          updateComment(queryClient, postId, commentId, (comment) =>
            isNewer(edited.editedAt, comment.editedAt)
              ? { ...comment, content: edited.content, editedAt: edited.editedAt }
              : comment,
          );
        })
        .catch(() => undefined);
    };

    const onPostRemoved = (raw: unknown) => {
      const parsed = PostRemovedPayload.safeParse(raw);
      if (!parsed.success) return;
      removePost(queryClient, parsed.data.postId);
    };

    // The reader's heart changed in another of their tabs or devices (or in this one: the reply has
    // said so already). A like of theirs still on its way here is left to settle the heart itself.
    const onOwnLikeChanged = (raw: unknown) => {
      const parsed = OwnLikeChangedPayload.safeParse(raw);
      if (!parsed.success) return;
      const { postId, isLiked, likesCount, consistencyToken } = parsed.data;
      const version = versionOf(consistencyToken);
      if (version < (likeVersions.current.get(postId) ?? 0)) return;
      const mine = queryClient
        .getMutationCache()
        .findAll({ mutationKey: toggleLikeMutationKey, status: 'pending' });
      if (mine.some((mutation) => (mutation.state.variables as LikeSnapshot | undefined)?.postId === postId))
        return;
      likeVersions.current.set(postId, version);
      updatePost(queryClient, postId, (post) => ({ ...post, isLiked, likesCount }));
    };

    // The reader's own post, written in another tab or device: shown first here too (this tab's own
    // posts are on screen already, from the reply).
    const showOwnPost = (postId: string, consistencyToken: string) => {
      apiClient.rememberConsistencyToken(consistencyToken);
      getPost(postId)
        .then((post) => addPostFirst(queryClient, post))
        .catch(() => undefined);
    };

    const onPostCreated = (raw: unknown) => {
      const parsed = FeedPostCreatedPayload.safeParse(raw);
      if (!parsed.success) return;
      const { postId, authorId, consistencyToken } = parsed.data;
      if (subscribed.current.has(postId)) return;
      if (authorId === viewerId) {
        showOwnPost(postId, consistencyToken);
        return;
      }
      // A push delivered twice (a reconnect) is still one new post.
      setNewPosts((known) =>
        known.some((post) => post.postId === postId) ? known : [...known, { postId, consistencyToken }],
      );
    };

    socket.on('connect', resubscribe);
    socket.on(serverEvents.postUpdated, onPostUpdated);
    const onCommentAdded = onCommentChanged(false);
    const onCommentRemoved = onCommentChanged(true);
    socket.on(serverEvents.postCommentAdded, onCommentAdded);
    socket.on(serverEvents.postCommentRemoved, onCommentRemoved);
    socket.on(serverEvents.postRemoved, onPostRemoved);
    socket.on(serverEvents.postEdited, onPostEdited);
    socket.on(serverEvents.postCommentEdited, onCommentEdited);
    socket.on(serverEvents.feedPostCreated, onPostCreated);
    socket.on(serverEvents.ownLikeChanged, onOwnLikeChanged);
    return () => {
      socket.off(serverEvents.ownLikeChanged, onOwnLikeChanged);
      socket.off('connect', resubscribe);
      socket.off(serverEvents.postUpdated, onPostUpdated);
      socket.off(serverEvents.postCommentAdded, onCommentAdded);
      socket.off(serverEvents.postCommentRemoved, onCommentRemoved);
      socket.off(serverEvents.postRemoved, onPostRemoved);
      socket.off(serverEvents.postEdited, onPostEdited);
      socket.off(serverEvents.postCommentEdited, onCommentEdited);
      socket.off(serverEvents.feedPostCreated, onPostCreated);
    };
  }, [queryClient, viewerId, following]);

  const showNewPosts = useCallback(() => {
    for (const post of newPosts.slice(-maxNewPostTokens)) {
      apiClient.rememberConsistencyToken(post.consistencyToken);
    }
    setNewPosts([]);
    refreshFeedLists(queryClient);
  }, [newPosts, queryClient]);

  return { newPostsCount: newPosts.length, showNewPosts };
}

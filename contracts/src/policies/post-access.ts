import type { PostVisibility } from '../entities/enums.ts';

/**
 * Who may see a post, and so like it, comment on it, open it and hear of it live. The one statement
 * of the rule: the command-service decides with it, the query-service's SQL and the gateway's routing
 * are tested against `postAccessCases`, so the three cannot drift apart.
 */
export interface PostAudience {
  authorId: string;
  visibility: PostVisibility;
}

export interface PostViewer {
  userId: string;
  /** An accepted connection of the post's author (a pending request is not one). */
  connectedToAuthor: boolean;
}

export function canSeePost(post: PostAudience, viewer: PostViewer): boolean {
  if (post.visibility === 'public') return true;
  return viewer.userId === post.authorId || viewer.connectedToAuthor;
}

/** Whether anyone signed in may see the post, without knowing who they are (feed-wide announcements). */
export function isOpenToEveryone(post: PostAudience): boolean {
  return canSeePost(post, { userId: '', connectedToAuthor: false });
}

/** How the viewer stands to the author, in the words of the cases below. */
export type ViewerRelation = 'author' | 'connection' | 'pending request' | 'stranger';

export interface PostAccessCase {
  visibility: PostVisibility;
  viewer: ViewerRelation;
  canSee: boolean;
}

/** The table every side of the post rule is tested against. */
export const postAccessCases: readonly PostAccessCase[] = [
  { visibility: 'public', viewer: 'author', canSee: true },
  { visibility: 'public', viewer: 'connection', canSee: true },
  { visibility: 'public', viewer: 'pending request', canSee: true },
  { visibility: 'public', viewer: 'stranger', canSee: true },
  { visibility: 'connections', viewer: 'author', canSee: true },
  { visibility: 'connections', viewer: 'connection', canSee: true },
  { visibility: 'connections', viewer: 'pending request', canSee: false },
  { visibility: 'connections', viewer: 'stranger', canSee: false },
];

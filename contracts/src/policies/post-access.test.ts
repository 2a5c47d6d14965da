import { describe, expect, it } from 'vitest';
import { canSeePost, isOpenToEveryone, postAccessCases } from './post-access.ts';

const authorId = 'author';

describe('canSeePost', () => {
  it.each(postAccessCases)('$visibility post, $viewer: $canSee', ({ visibility, viewer, canSee }) => {
    const post = { authorId, visibility };
    const viewerOf = {
      userId: viewer === 'author' ? authorId : 'someone',
      connectedToAuthor: viewer === 'connection',
    };
    expect(canSeePost(post, viewerOf)).toBe(canSee);
  });

  it('calls a post open to everyone exactly when a stranger may see it', () => {
    for (const { visibility, viewer, canSee } of postAccessCases) {
      if (viewer === 'stranger') expect(isOpenToEveryone({ authorId, visibility })).toBe(canSee);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { likeVisible, pollDelay } from './measure-propagation.ts';

describe('likeVisible', () => {
  const liked = { postId: 'p', likesCount: 4, isLiked: true };

  it('needs the liker to see their like and the count the reply gave', () => {
    expect(likeVisible(liked, 7, 7, { likesCount: 4, isLiked: true })).toBe(true);
    expect(likeVisible(liked, 7, 7, { likesCount: 3, isLiked: true })).toBe(false);
    expect(likeVisible(liked, 7, 7, { likesCount: 4, isLiked: false })).toBe(false);
  });

  it('lets the count differ once a later like on the post was accepted', () => {
    expect(likeVisible(liked, 7, 9, { likesCount: 6, isLiked: true })).toBe(true);
    expect(likeVisible(liked, 7, 9, { likesCount: 6, isLiked: false })).toBe(false);
  });

  it('works for taking a like back', () => {
    const unliked = { postId: 'p', likesCount: 0, isLiked: false };
    expect(likeVisible(unliked, 2, 2, { likesCount: 0, isLiked: false })).toBe(true);
    expect(likeVisible(unliked, 2, 2, { likesCount: 1, isLiked: true })).toBe(false);
  });
});

describe('pollDelay', () => {
  it('polls at the minimum first, then every tenth of the time waited, at most every 50 ms', () => {
    expect(pollDelay(0, 5)).toBe(5);
    expect(pollDelay(30, 5)).toBe(5);
    expect(pollDelay(200, 5)).toBe(20);
    expect(pollDelay(4000, 5)).toBe(50);
  });
});

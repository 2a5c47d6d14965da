import { describe, expect, it } from 'vitest';
import { postMessages } from '../messages.ts';
import { AddCommentRequest } from './add-comment.ts';
import { CreatePostRequest } from './create-post.ts';

describe('CreatePostRequest', () => {
  it('trims the content and applies the defaults text / Career / public', () => {
    expect(CreatePostRequest.parse({ content: '  Hello network  ' })).toEqual({
      content: 'Hello network',
      type: 'text',
      category: 'Career',
      visibility: 'public',
      tags: [],
      images: [],
    });
  });

  it('takes up to 4 images, each once, with trimmed alt text', () => {
    const id = (n: number) => `01936b50-0000-7000-8000-00000000002${n}`;
    const images = (count: number) =>
      Array.from({ length: count }, (_, n) => ({ imageId: id(n), alt: ' A view ' }));
    expect(CreatePostRequest.parse({ content: 'Hi', images: images(4) }).images).toEqual(
      images(4).map((image) => ({ ...image, alt: 'A view' })),
    );
    expect(CreatePostRequest.safeParse({ content: 'Hi', images: images(5) }).error?.issues[0]?.message).toBe(
      'A post can have at most 4 images',
    );
    const twice = [...images(1), ...images(1)];
    expect(CreatePostRequest.safeParse({ content: 'Hi', images: twice }).error?.issues[0]?.message).toBe(
      'Each image can be added once',
    );
    expect(
      CreatePostRequest.safeParse({ content: 'Hi', images: [{ imageId: 'nope' }] }).error?.issues[0]?.message,
    ).toBe('Image not found. Please upload it again.');
  });

  it.each(['', '   ', '\n\t'])('rejects blank content %j', (content) => {
    expect(CreatePostRequest.safeParse({ content }).error?.issues[0]?.message).toBe(
      'Post content cannot be empty',
    );
  });

  it('rejects missing content', () => {
    expect(CreatePostRequest.safeParse({}).error?.issues[0]?.message).toBe(postMessages.contentEmpty);
  });

  it('rejects content over 5000 characters', () => {
    expect(CreatePostRequest.safeParse({ content: 'x'.repeat(5001) }).error?.issues[0]?.message).toBe(
      postMessages.contentTooLong,
    );
  });

  it('normalizes tags: strips #, drops blanks and repeats', () => {
    expect(
      CreatePostRequest.parse({ content: 'x', tags: ['#career', ' ', 'Career', 'remote-work'] }).tags,
    ).toEqual(['career', 'remote-work']);
  });

  it.each([
    [['has space'], postMessages.tagInvalid],
    [['x'.repeat(31)], postMessages.tagTooLong],
    [Array.from({ length: 11 }, (_, i) => `t${i}`), postMessages.tooManyTags],
  ])('rejects tags %j', (tags, message) => {
    expect(CreatePostRequest.safeParse({ content: 'x', tags }).error?.issues[0]?.message).toBe(message);
  });

  it('rejects an unknown visibility', () => {
    expect(
      CreatePostRequest.safeParse({ content: 'x', visibility: 'secret' }).error?.issues[0]?.message,
    ).toBe(postMessages.visibilityInvalid);
  });
});

describe('AddCommentRequest', () => {
  it('trims the comment', () => {
    expect(AddCommentRequest.parse({ content: ' Nice! ' })).toEqual({ content: 'Nice!' });
  });

  it.each(['', '  ', undefined])('rejects blank %j', (content) => {
    expect(AddCommentRequest.safeParse({ content }).error?.issues[0]?.message).toBe(
      'Comment cannot be empty',
    );
  });

  it('rejects a comment over 2000 characters', () => {
    expect(AddCommentRequest.safeParse({ content: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe(
      postMessages.commentTooLong,
    );
  });
});

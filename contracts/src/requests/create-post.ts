import { z } from 'zod';
import {
  MAX_POST_IMAGES,
  MAX_TAGS,
  POST_CONTENT_MAX_LENGTH,
  POST_IMAGE_ALT_MAX_LENGTH,
  postDefaults,
  TAG_MAX_LENGTH,
} from '../constants.ts';
import { PostCategory, PostType, PostVisibility } from '../entities/enums.ts';
import { postMessages } from '../messages.ts';
import { requiredText } from './fields.ts';

const TAG_PATTERN = /^[\p{L}\p{N}_-]+$/u;

/** A tag: trimmed, a leading '#' removed (the feed shows tags as "#tag"). */
const Tag = z
  .string()
  .trim()
  .transform((tag) => tag.replace(/^#+/, ''))
  .pipe(z.string().max(TAG_MAX_LENGTH, postMessages.tagTooLong))
  .refine((tag) => tag === '' || TAG_PATTERN.test(tag), postMessages.tagInvalid);

/** Blank tags are dropped and repeats removed, keeping the first spelling. */
export const Tags = z
  .array(Tag)
  .default([])
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((tag) => {
      const key = tag.toLowerCase();
      if (tag === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .refine((tags) => tags.length <= MAX_TAGS, postMessages.tooManyTags);

/**
 * A picture uploaded by the author (`POST /posts/images`) and not yet in a post, with its alt text
 * (trimmed; may be empty).
 */
export const PostImageInput = z.object({
  imageId: z.uuid({ error: postMessages.imageNotFound }),
  alt: z.string().trim().max(POST_IMAGE_ALT_MAX_LENGTH, postMessages.imageAltTooLong).default(''),
});
export type PostImageInput = z.infer<typeof PostImageInput>;

/** At most MAX_POST_IMAGES, each once, in the order given. */
export const PostImagesInput = z
  .array(PostImageInput)
  .max(MAX_POST_IMAGES, postMessages.tooManyImages)
  .refine((images) => new Set(images.map((image) => image.imageId)).size === images.length, {
    error: postMessages.imageRepeated,
  })
  .default([]);

/** `POST /posts`. Its tags are `tags` and the `#words` of `content` (`tagsOf`), at most MAX_TAGS. */
export const CreatePostRequest = z.object({
  content: requiredText(POST_CONTENT_MAX_LENGTH, {
    required: postMessages.contentEmpty,
    tooLong: postMessages.contentTooLong,
  }),
  type: PostType.default(postDefaults.type),
  category: PostCategory.default(postDefaults.category),
  visibility: PostVisibility.default(postDefaults.visibility),
  tags: Tags,
  images: PostImagesInput,
});
export type CreatePostRequest = z.infer<typeof CreatePostRequest>;
export type CreatePostRequestInput = z.input<typeof CreatePostRequest>;

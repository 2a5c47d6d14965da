import { z } from 'zod';
import type { PostImage } from '../entities/post.ts';
import { Id } from '../entities/scalars.ts';
import type { EventPostImage } from '../events/post-events.ts';

/**
 * Files are served by the query-service outside the JSON route table: the reply is the file itself,
 * never JSON, so these paths are not `defineRoute`s. Every one needs a session; what else decides who
 * may read is said on each. A file that does not exist, or that the caller may not read, is a 404 with
 * `{ message }` (the two are not told apart). Object keys, bucket names and presigned URLs never leave
 * the server: a file is always named by the id the server gave it.
 */
export const pictureSizes = ['large', 'avatar'] as const;
export type PictureSize = (typeof pictureSizes)[number];

/** A post's picture: `small` at most 640 pixels wide, `large` at most 1,600 (see `PostImage`). */
export const postImageSizes = ['small', 'large'] as const;
export type PostImageSize = (typeof postImageSizes)[number];

export const fileRoutes = {
  /** A profile picture in one of its sizes; any signed-in user. `image/webp`, cacheable, nosniff. */
  picture: {
    method: 'GET',
    path: '/files/pictures/:pictureId/:size',
    params: z.object({ pictureId: Id, size: z.enum(pictureSizes) }),
  },
  /**
   * A resume: `application/pdf`, `Content-Disposition: attachment` with a safe filename, nosniff.
   * Readable by its owner, and by the poster of any job its owner applied to with this resume (an
   * application keeps the resume it was sent with, even after the owner replaces or removes it).
   */
  /**
   * A post's picture in one of its sizes: `image/webp`, cacheable, nosniff. Readable by whoever may read
   * the post that holds it; a picture not yet in a post is not served (the composer shows the file
   * chosen).
   */
  postImage: {
    method: 'GET',
    path: '/files/post-images/:imageId/:size',
    params: z.object({ imageId: Id, size: z.enum(postImageSizes) }),
  },
  resume: {
    method: 'GET',
    path: '/files/resumes/:resumeId',
    params: z.object({ resumeId: Id }),
  },
} as const;

/** The same-origin URLs the read models put in `ProfilePicture` and `ResumeFile`. */
export const fileUrls = {
  picture: (pictureId: string, size: PictureSize): string => `/api/files/pictures/${pictureId}/${size}`,
  resume: (resumeId: string): string => `/api/files/resumes/${resumeId}`,
  postImage: (imageId: string, size: PostImageSize): string => `/api/files/post-images/${imageId}/${size}`,
} as const;

/**
 * A post's picture as the screens show it, from what PostCreated records of it: its id becomes the
 * URLs of both sizes (the file route decides who reads them). The command-service's reply to a new post
 * and every read model that shows posts make it here.
 */
export function postImageOf(image: z.output<typeof EventPostImage>): PostImage {
  return {
    _id: image.imageId,
    alt: image.alt,
    width: image.width,
    height: image.height,
    urls: {
      small: fileUrls.postImage(image.imageId, 'small'),
      large: fileUrls.postImage(image.imageId, 'large'),
    },
  };
}

import { endpoints } from '@careers/contracts/api/endpoints';
import { uploadLimits } from '@careers/contracts/constants';
import type { PostImage } from '@careers/contracts/entities/post';
import { postImageMessages } from '@careers/contracts/messages';
import { callApi } from '../../../lib/api-client';

/** What the server keeps of an uploaded picture until a post names it (within the hour). */
export type UploadedPostImage = Pick<PostImage, '_id' | 'width' | 'height'>;

/**
 * Beyond the spec: one picture for a post to come, sent as the profile picture is
 * (profile/api/profile-files.ts): multipart form data, the file in the field `image`. `signal` stops it
 * when the person removes the picture before it has gone up. A refusal reads in the server's words.
 */
export async function uploadPostImage(file: File, signal?: AbortSignal): Promise<UploadedPostImage> {
  const body = new FormData();
  body.append(uploadLimits.postImage.field, file, file.name);
  const reply = await callApi(
    endpoints.uploadPostImage,
    { body },
    { fallbackMessage: postImageMessages.uploadFailed, signal },
  );
  return reply.data;
}

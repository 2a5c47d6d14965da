import { z } from 'zod';
import { IsoDateTime } from './scalars.ts';

/**
 * The stored profile picture. The server decodes every upload and keeps two re-encoded sizes (no
 * metadata survives): `url` is the large one (the Profile screen), `avatarUrl` the small one (top bar,
 * cards, comments). Both are same-origin paths built by `fileUrls`, served to any signed-in user.
 */
export const ProfilePicture = z.object({ url: z.string().min(1), avatarUrl: z.string().min(1) });
export type ProfilePicture = z.infer<typeof ProfilePicture>;

/**
 * The stored resume. The spec's screens read `filename`; `url` is where the Download button points
 * (`fileUrls.resume`), readable by its owner and by the posters of jobs the owner applied to with it.
 */
export const ResumeFile = z.object({
  filename: z.string().min(1),
  url: z.string().min(1),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  uploadedAt: IsoDateTime,
});
export type ResumeFile = z.infer<typeof ResumeFile>;

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

/**
 * Beyond the spec: a resume uploaded for one application only (Indeed's and LinkedIn's "upload a resume
 * for this job"). The apply names it by `uploadId` within the hour; it is never shown on the profile,
 * and it is not served before an application sends it.
 */
export const ApplicationResumeUpload = z.object({
  uploadId: z.uuid(),
  filename: z.string().min(1),
  /** Bytes. */
  size: z.number().int().nonnegative(),
});
export type ApplicationResumeUpload = z.infer<typeof ApplicationResumeUpload>;

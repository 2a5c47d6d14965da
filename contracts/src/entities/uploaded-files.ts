import { z } from 'zod';

/** The stored profile picture; `url` is what an <img> and the Download button use. */
export const ProfilePicture = z.object({ url: z.string().min(1) });
export type ProfilePicture = z.infer<typeof ProfilePicture>;

/**
 * The stored resume. The spec's screens read `filename`; `url` is added so the Download button has
 * something to open (the spec shows a Download action but not where it points).
 */
export const ResumeFile = z.object({ filename: z.string().min(1), url: z.string().min(1) });
export type ResumeFile = z.infer<typeof ResumeFile>;

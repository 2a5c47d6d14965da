import type { PictureSize } from '@careers/contracts/api/file-routes';

/** Where the command-service stores each upload, derived from the ids the events carry. */
export const storageKeys = {
  picture: (pictureId: string, size: PictureSize): string => `pictures/${pictureId}/${size}.webp`,
  resume: (resumeId: string): string => `resumes/${resumeId}.pdf`,
} as const;

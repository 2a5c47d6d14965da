import { fileUrls } from '@careers/contracts/api/file-routes';
import type { ProfilePicture, ResumeFile } from '@careers/contracts/entities/uploaded-files';

/**
 * Files as the screens link to them: ids turned into URLs, the same for every read model that shows a
 * picture or a resume. No read model's data: whoever keeps the ids asks here for their URLs.
 */

/** What is kept of a resume: the ResumeUploaded event's fields. */
export interface StoredResume {
  resumeId: string;
  filename: string;
  size: number;
  uploadedAt: string;
}

/**
 * The picture as every view shows it (the large size on the Profile screen, the avatar elsewhere), or
 * null for initials. The one place a picture id becomes URLs.
 */
export function profilePictureOf(pictureId: string | null): ProfilePicture | null {
  if (pictureId === null) return null;
  return { url: fileUrls.picture(pictureId, 'large'), avatarUrl: fileUrls.picture(pictureId, 'avatar') };
}

/** A resume as the screens show it, with the URL its Download button points to. */
export function resumeFileOf(resume: Omit<StoredResume, 'uploadedAt'>, uploadedAt: string): ResumeFile {
  return {
    filename: resume.filename,
    url: fileUrls.resume(resume.resumeId),
    size: resume.size,
    uploadedAt: new Date(uploadedAt).toISOString(),
  };
}

import { uploadLimits } from '../constants.ts';
import { profileMessages, type UploadKind } from '../messages.ts';

export interface UploadCandidate {
  /** The declared MIME type (a browser File's `type`, a multipart part's mimetype). */
  type: string;
  size: number;
}

/**
 * The spec's upload rules: a PDF resume up to 10 MB, an image picture up to 5 MB. Returns the message
 * to show, or null when the file may be sent. The server also checks the file's magic bytes.
 */
export function checkUpload(kind: UploadKind, file: UploadCandidate): string | null {
  const limit = uploadLimits[kind];
  const allowed: readonly string[] = limit.contentTypes;
  if (kind === 'profilePicture' && !file.type.startsWith('image/')) return profileMessages.pictureNotImage;
  if (!allowed.includes(file.type)) {
    return kind === 'resume' ? profileMessages.resumeNotPdf : profileMessages.pictureTypeNotSupported;
  }
  if (file.size > limit.maxBytes) return profileMessages.fileTooLarge(limit.maxBytes);
  return null;
}

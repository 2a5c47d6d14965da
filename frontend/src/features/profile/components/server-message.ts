import { fallbackMessages, type UploadKind } from '@careers/contracts/messages';
import { ApiError } from '../../../lib/api-client';

const uploadFallbacks: Record<UploadKind, string> = {
  profilePicture: fallbackMessages.uploadProfilePicture,
  resume: fallbackMessages.uploadResume,
};

/**
 * The text after "Failed to upload {kind}." (spec section 8: the server's message, else "Please try
 * again."). A reply without a message reads as the call's fallback, which would only repeat the
 * sentence before it, so it counts as no message. A lost connection or a server error keeps the
 * client's own sentence for it.
 */
export function serverMessageOf(error: unknown, kind: UploadKind): string | undefined {
  if (!(error instanceof ApiError) || error.message === uploadFallbacks[kind]) return undefined;
  return error.message;
}

import { randomUUID } from 'node:crypto';
import type { Pool } from '@careers/service-kit';
import { type ObjectStorage, storageKeys } from '@careers/service-kit/object-storage';
import type { UserStore } from '../users/store.ts';
import type { ApplicationResume } from './decide.ts';

const isMissingObject = (error: unknown) =>
  ['NoSuchKey', 'NotFound'].includes((error as { code?: string }).code ?? '');

/**
 * The applicant's current resume, copied (on the server, the bytes never pass through here) under a
 * new id that the application will own: the copy outlives the owner's later replace or removal, and
 * the poster downloads exactly what was sent. Null when the applicant has no resume.
 *
 * Made before the apply's transaction, so no lock is held over a copy. A removal or replacement that
 * commits meanwhile deletes the source after its commit: the copy then finds nothing, and is tried
 * again with the resume the applicant has now (or none). The caller removes the copy if the apply does
 * not commit; a copy that fails leaves nothing to remove.
 */
export async function copyApplicantResume(
  deps: { storage: ObjectStorage; users: UserStore; pool: Pool },
  applicantId: string,
): Promise<ApplicationResume | null> {
  for (let attempt = 1; ; attempt++) {
    const record = await deps.users.find(deps.pool, applicantId);
    const resumeId = record?.files.resumeId;
    const resume = record?.user.resume;
    if (!resumeId || !resume) return null;
    const copy: ApplicationResume = { resumeId: randomUUID(), filename: resume.filename, size: resume.size };
    try {
      await deps.storage.copy(storageKeys.resume(resumeId), storageKeys.resume(copy.resumeId));
      return copy;
    } catch (error) {
      await deps.storage.remove([storageKeys.resume(copy.resumeId)]).catch(() => {});
      if (!isMissingObject(error) || attempt >= 3) throw error;
    }
  }
}

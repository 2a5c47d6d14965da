import { randomUUID } from 'node:crypto';
import { profileMessages } from '@careers/contracts/messages';
import { routes } from '@careers/contracts/routes';
import { type ObjectStorage, storageKeys } from '@careers/service-kit/object-storage';
import type { FastifyRequest } from 'fastify';
import type { CommandTransaction } from '../event-log/event-store.ts';
import { type PipelineDeps, registerCommand, signedOut } from '../pipeline/command-pipeline.ts';
import { isRefusal } from '../pipeline/domain-error.ts';
import type { FileFormat } from '../uploads/file-type.ts';
import { receiveFile } from '../uploads/receive-file.ts';
import { safeResumeFilename } from '../uploads/safe-filename.ts';
import { pictureKeys, storePicture } from '../uploads/store-picture.ts';
import {
  decideRemovePicture,
  decideRemoveResume,
  decideUploadPicture,
  decideUploadResume,
} from './decide.ts';
import { evolveUserStream, type UserFiles } from './evolve.ts';
import { userStream } from './routes.ts';
import type { UserRecord, UserStore } from './store.ts';

export interface UserFileRouteDeps extends PipelineDeps {
  users: UserStore;
  storage: ObjectStorage;
}

/** A user as a file command sees it: the files it had when locked, to remove those it replaces. */
type FileState = UserRecord & { before: UserFiles };

/** Pictures are JPEG, PNG, GIF or WebP; another image gets its own message (SVG can carry script). */
function pictureRefusal(format: FileFormat | null): string | null {
  if (format === 'jpeg' || format === 'png' || format === 'gif' || format === 'webp') return null;
  return format === 'other-image' ? profileMessages.pictureTypeNotSupported : profileMessages.pictureNotImage;
}

/** Resumes are PDFs, by their first bytes (also a resume uploaded for one application). */
export const resumeRefusal = (format: FileFormat | null): string | null =>
  format === 'pdf' ? null : profileMessages.resumeNotPdf;

/**
 * Uploading and removing the profile picture and the resume.
 *
 * Write order: an upload stores its objects first (in `prepare`, no lock held while the bytes
 * arrive), then records the event in the command's transaction. If the command does not commit, its
 * objects are removed (`abandon`). The objects of a replaced or removed file are removed only after
 * the commit, so a failed command never loses the file the user still has; that removal is best
 * effort, and what it misses (like what a crash leaves) the sweeper removes later.
 */
export function registerUserFileRoutes(deps: UserFileRouteDeps): void {
  const { users, storage } = deps;

  async function lockFiles(tx: CommandTransaction, userId: string) {
    const record = await users.lock(tx.client, userId);
    return record ? { ...record, before: record.files } : signedOut();
  }

  /** After the commit: the objects of files the user had before the command and has no more. */
  async function removeReplaced(request: FastifyRequest, { before, files }: FileState) {
    const keys = [
      ...(before.pictureId && before.pictureId !== files.pictureId ? pictureKeys(before.pictureId) : []),
      ...(before.resumeId && before.resumeId !== files.resumeId ? [storageKeys.resume(before.resumeId)] : []),
    ];
    await storage.remove(keys).catch((error: unknown) => {
      request.log.warn({ err: error, keys }, 'a replaced upload was not removed; the sweeper will');
    });
  }

  const fileCommand = {
    load: (tx: CommandTransaction, { actor }: { actor: { userId: string } }) => lockFiles(tx, actor.userId),
    stream: userStream,
    evolve: evolveUserStream<FileState>,
    save: (tx: CommandTransaction, next: FileState) => users.save(tx.client, next),
  };

  registerCommand(deps, {
    route: routes.uploadProfilePicture,
    ...fileCommand,
    async prepare({ request }) {
      const file = await receiveFile(request, 'profilePicture', pictureRefusal);
      if (isRefusal(file)) return file;
      const pictureId = randomUUID();
      const stored = await storePicture(storage, pictureId, file.chunks);
      return isRefusal(stored) ? stored : { pictureId, size: stored.size };
    },
    decide: ({ user }, { now }, { pictureId, size }) => decideUploadPicture({ user, pictureId, size, now }),
    afterCommit: (next, { request }) => removeReplaced(request, next),
    respond(next) {
      if (!next.user.profilePicture) throw new Error('ProfilePictureUploaded left no picture');
      return { profilePicture: next.user.profilePicture };
    },
    abandon: (_input, { pictureId }) => storage.remove(pictureKeys(pictureId)),
  });

  registerCommand(deps, {
    route: routes.uploadResume,
    ...fileCommand,
    async prepare({ request }) {
      const file = await receiveFile(request, 'resume', resumeRefusal);
      if (isRefusal(file)) return file;
      const resumeId = randomUUID();
      const size = await storage.putStream(storageKeys.resume(resumeId), file.chunks, 'application/pdf');
      return { resumeId, size, filename: safeResumeFilename(file.filename) };
    },
    decide: ({ user }, { now }, { resumeId, filename, size }) =>
      decideUploadResume({ user, resumeId, filename, size, now }),
    afterCommit: (next, { request }) => removeReplaced(request, next),
    respond(next) {
      if (!next.user.resume) throw new Error('ResumeUploaded left no resume');
      return { resume: next.user.resume };
    },
    abandon: (_input, { resumeId }) => storage.remove([storageKeys.resume(resumeId)]),
  });

  registerCommand(deps, {
    route: routes.removeProfilePicture,
    ...fileCommand,
    decide: ({ user }) => decideRemovePicture(user),
    afterCommit: (next, { request }) => removeReplaced(request, next),
    respond() {
      return { message: profileMessages.removed('profilePicture') };
    },
  });

  registerCommand(deps, {
    route: routes.removeResume,
    ...fileCommand,
    decide: ({ user }) => decideRemoveResume(user),
    afterCommit: (next, { request }) => removeReplaced(request, next),
    respond() {
      return { message: profileMessages.removed('resume') };
    },
  });
}

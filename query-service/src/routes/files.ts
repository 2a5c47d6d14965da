import { fileRoutes } from '@careers/contracts/api/file-routes';
import { postMessages, profileMessages } from '@careers/contracts/messages';
import { canSeeApplication } from '@careers/contracts/policies/application-access';
import { apiPath } from '@careers/contracts/routes';
import { notFound } from '@careers/service-kit';
import { storageKeys } from '@careers/service-kit/object-storage';
import { requireViewer } from '../auth.ts';
import { attachmentDisposition } from '../files/content-disposition.ts';
import { openStoredFile } from '../files/stored-file.ts';
import { currentResumeOwner, pictureStanding } from '../projectors/users/queries.ts';
import type { QueryRouteDeps } from './deps.ts';

const pictureMissing = profileMessages.notAvailableForDownload('profilePicture');
const resumeMissing = profileMessages.notAvailableForDownload('resume');
const postImageMissing = postMessages.imageNotFound;

/**
 * HEAD is answered here rather than by Fastify's automatic HEAD route, which would stream the whole
 * file from storage only to throw it away.
 */
const READ = ['GET', 'HEAD'];

/** A picture's bytes never change under its id: any copy a browser keeps stays right for good. */
const PICTURE_CACHE = 'private, max-age=31536000, immutable';

/**
 * A post's picture never changes under its id either, but who may read it can (a connection removed,
 * the post deleted): kept by the reader's browser alone (`private`, no shared cache ever holds a
 * connections-only picture), and asked for again after a day, which the ETag answers with a 304 once
 * access was checked again.
 */
const POST_IMAGE_CACHE = 'private, max-age=86400';

/**
 * GET /api/files/pictures/:pictureId/:size, /api/files/post-images/:imageId/:size and
 * /api/files/resumes/:resumeId: the files themselves, streamed from object storage. Both need a session (401). What is not there and what the viewer may
 * not read get the same 404, so an id tells nobody whether a file exists. Served as what they are
 * (`nosniff`): a picture (a profile's or a post's) as the WebP the server re-encoded, a resume as a PDF to save, never to render
 * in the page's origin.
 */
export function registerFileRoutes(deps: QueryRouteDeps): void {
  const { app, pool, redis, schema, storage, applications, posts } = deps;

  app.route({
    method: READ,
    url: apiPath(fileRoutes.picture),
    handler: async (request, reply) => {
      await requireViewer(redis, request);
      const params = fileRoutes.picture.params.safeParse(request.params);
      if (!params.success) throw notFound(pictureMissing);
      const { pictureId, size } = params.data;
      // A replaced or removed picture stops being served once that is projected. A picture the read
      // model does not know yet is a fresh upload whose event is still on its way: the uploader shows
      // it at once, so it is served if stored (its id was given to nobody else).
      if ((await pictureStanding(pool, schema, pictureId)) === 'retired') throw notFound(pictureMissing);
      const etag = `"${pictureId}-${size}"`;
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        return reply.code(304).headers({ etag, 'cache-control': PICTURE_CACHE }).send();
      }
      const file = await openStoredFile(storage, storageKeys.picture(pictureId, size), request.method);
      if (!file) throw notFound(pictureMissing);
      return reply
        .headers({
          'content-type': 'image/webp',
          'content-length': String(file.size),
          'x-content-type-options': 'nosniff',
          'cache-control': PICTURE_CACHE,
          etag,
        })
        .send(file.body);
    },
  });

  app.route({
    method: READ,
    url: apiPath(fileRoutes.postImage),
    handler: async (request, reply) => {
      const viewerId = await requireViewer(redis, request);
      const params = fileRoutes.postImage.params.safeParse(request.params);
      if (!params.success) throw notFound(postImageMissing);
      const { imageId, size } = params.data;
      // Served to whoever may read the post holding it (as GET /api/posts/:id decides); a picture in no
      // post the read model knows (not yet in one, its post removed) and one the viewer may not see
      // read alike. Checked before the ETag: a 304 says the picture is still theirs to see.
      if (!(await posts.canSeeImage(imageId, viewerId))) throw notFound(postImageMissing);
      const etag = `"${imageId}-${size}"`;
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        return reply.code(304).headers({ etag, 'cache-control': POST_IMAGE_CACHE }).send();
      }
      const file = await openStoredFile(storage, storageKeys.postImage(imageId, size), request.method);
      if (!file) throw notFound(postImageMissing);
      return reply
        .headers({
          'content-type': 'image/webp',
          'content-length': String(file.size),
          'x-content-type-options': 'nosniff',
          'cache-control': POST_IMAGE_CACHE,
          etag,
        })
        .send(file.body);
    },
  });

  app.route({
    method: READ,
    url: apiPath(fileRoutes.resume),
    handler: async (request, reply) => {
      const viewerId = await requireViewer(redis, request);
      const params = fileRoutes.resume.params.safeParse(request.params);
      if (!params.success) throw notFound(resumeMissing);
      const { resumeId } = params.data;
      // Its owner reads their current resume; an application's copy is read by whoever may see that
      // application (the applicant and the job's poster: canSeeApplication), and by nobody else.
      const [owner, sentWith] = await Promise.all([
        currentResumeOwner(pool, schema, resumeId),
        applications.sentWithResume(resumeId),
      ]);
      const readable =
        owner?.ownerId === viewerId
          ? owner
          : sentWith.find((parties) => canSeeApplication(parties, viewerId));
      if (!readable) throw notFound(resumeMissing);
      const file = await openStoredFile(storage, storageKeys.resume(resumeId), request.method);
      if (!file) throw notFound(resumeMissing);
      return reply
        .headers({
          'content-type': 'application/pdf',
          'content-length': String(file.size),
          'content-disposition': attachmentDisposition(readable.filename),
          'x-content-type-options': 'nosniff',
          // Personal documents: no shared or browser cache keeps a copy after access ends.
          'cache-control': 'private, no-store',
        })
        .send(file.body);
    },
  });
}

/**
 * If-None-Match may list several tags, weak or strong (RFC 9110 compares them weakly here). `*` is
 * not honoured: it would answer 304 before the store says whether the picture is there at all.
 */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === etag || t === `W/${etag}`;
  });
}

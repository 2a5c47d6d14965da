import { MEGABYTE } from '@careers/contracts/constants';
import { PostImage } from '@careers/contracts/entities/post';
import { onTestFinished, vi } from 'vitest';
import { jsonReply } from './fake-api';

/** Puts back what `target` had before a stub: a property it did not have goes again. */
function restore(target: object, before: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(before)) {
    if (value === undefined) Reflect.deleteProperty(target, name);
    else Reflect.set(target, name, value);
  }
}

/** A picture of a post, checked against the contract; every call gets a fresh id. */
export function anImage(fields: Partial<PostImage> = {}): PostImage {
  const _id = fields._id ?? crypto.randomUUID();
  return PostImage.parse({
    _id,
    alt: '',
    width: 1600,
    height: 900,
    urls: { small: `/files/posts/${_id}-640.webp`, large: `/files/posts/${_id}-1600.webp` },
    ...fields,
  });
}

/** A file as a person would choose it; `megabytes` sets its size without holding that many bytes. */
export function aFile(name: string, type = 'image/png', megabytes = 0.1): File {
  const file = new File(['picture'], name, { type });
  Object.defineProperty(file, 'size', { value: Math.round(megabytes * MEGABYTE) });
  return file;
}

/** POST /api/posts/images' answer: the stored picture's id and size. */
export function uploadedReply(imageId: string = crypto.randomUUID()): Response {
  return jsonReply(201, { data: { _id: imageId, width: 1600, height: 900 } });
}

/**
 * Object URLs as the test sees them: each file gets `blob:n`, and the test reads which were made and
 * revoked. Put back as they were when the test ends.
 */
export function stubObjectUrls() {
  let made = 0;
  const create = vi.fn((_file: Blob) => `blob:${++made}`);
  const revoke = vi.fn((_url: string) => undefined);
  const before = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
  onTestFinished(() => restore(URL, before));
  return { create, revoke };
}

/**
 * jsdom's <dialog> has `open` but neither showModal nor close: these set `open` and fire `close` as a
 * browser does (without the top layer and inertness, which a browser test would see). Put back as
 * they were when the test ends.
 */
export function installDialog() {
  const proto = HTMLDialogElement.prototype;
  const before = { showModal: proto.showModal, close: proto.close };
  Object.assign(proto, {
    showModal(this: HTMLDialogElement) {
      this.open = true;
    },
    close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.open = false;
      this.dispatchEvent(new Event('close'));
    },
  });
  onTestFinished(() => restore(proto, before));
}

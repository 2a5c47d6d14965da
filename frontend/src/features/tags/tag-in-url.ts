import { TAG_MAX_LENGTH } from '@careers/contracts/constants';
import { postMessages } from '@careers/contracts/messages';
import { tagKey } from '@careers/contracts/tags';

/**
 * What `/feed?tag=` asks for: no tag (the whole feed; a blank `tag` too), a tag (`tag` as written,
 * without a leading `#`; `key` how tags compare, tagKey, for the caches and the requests), or something
 * that cannot be a tag, with the reason.
 */
export type TagInUrl =
  | { kind: 'none' }
  | { kind: 'tag'; tag: string; key: string }
  | { kind: 'invalid'; written: string; reason: string };

/** The route's rule for a tag (contracts' TagParams), read without zod, which the first script lacks. */
const TAG_WORD = /^[\p{L}\p{N}_-]+$/u;

export function tagOfUrl(params: URLSearchParams): TagInUrl {
  const written = params.get('tag')?.trim() ?? '';
  if (written === '') return { kind: 'none' };
  const tag = written.replace(/^#/, '');
  if (!TAG_WORD.test(tag)) return { kind: 'invalid', written, reason: postMessages.tagInvalid };
  if (tag.length > TAG_MAX_LENGTH) return { kind: 'invalid', written, reason: postMessages.tagTooLong };
  return { kind: 'tag', tag, key: tagKey(tag) };
}

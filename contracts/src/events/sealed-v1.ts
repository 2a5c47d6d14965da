import type { z } from 'zod';
import type { PreviousVersion } from './define-event.ts';

/**
 * Version 1 of every event type that carries personal data: the same fields, in plain text. Version 2
 * seals the personal fields (`personal-data.ts`); a version 1 event, once validated, is already what a
 * reader of version 2 gets after opening, so its upcaster passes the data on unchanged. Events written
 * before sealing existed stay readable this way; their plain text cannot be shredded (see
 * docs/events/README.md, "Personal data").
 */
export function sealedV1<D extends z.ZodType>(data: D): PreviousVersion<D> {
  return {
    schemaVersion: 1,
    data,
    change: 'Version 2 seals the personal fields (x-personal-data) with a key of the data subject.',
    upcast: (old: z.output<D>) => old as z.input<D>,
  };
}

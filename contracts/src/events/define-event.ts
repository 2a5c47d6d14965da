import type { z } from 'zod';
import type { StreamType } from '../topics.ts';

/**
 * One entry of the event catalogue. `data` must be a strict object schema (unknown keys fail), so a
 * secret can never ride along by accident; `example` is checked against it by the catalogue test.
 */
export interface EventDefinition<S extends StreamType = StreamType, D extends z.ZodType = z.ZodType> {
  streamType: S;
  schemaVersion: number;
  data: D;
  description: string;
  example: z.input<D>;
}

export function defineEvent<const S extends StreamType, D extends z.ZodType>(
  definition: EventDefinition<S, D>,
): EventDefinition<S, D> {
  return definition;
}

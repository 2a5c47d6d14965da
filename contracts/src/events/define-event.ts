import type { z } from 'zod';
import type { StreamType } from '../topics.ts';

/**
 * Which fields of an event's data are personal data, whose they are, and what stands in for each once
 * that person's key is destroyed (see `personal-data.ts`). On the topics and in the event log every
 * personal field travels sealed: encrypted with a key that belongs to the person named by `subject`.
 */
export interface PersonalDataSpec<Data> {
  /** The data field holding the id of the person the personal fields are about. */
  subject: keyof Data & string;
  /**
   * Personal field -> its value once the subject's key is gone (or for a reader without keys). It
   * must pass the data schema; read models drop the subject's rows anyway (AccountDeleted).
   */
  erased: { [K in keyof Data]?: (subjectId: string) => Data[K] };
}

/**
 * An older `schemaVersion` of an event type that the topics may still hold. Topics keep their events
 * forever, so an old version stays readable for good: its wire schema and the step that turns its data
 * into the current version's data.
 */
export interface PreviousVersion<D extends z.ZodType = z.ZodType> {
  schemaVersion: number;
  /** The data schema events of that version were written with (plain: `sealed` says what travelled sealed). */
  data: z.ZodType;
  /**
   * The personal fields that version sealed (each one of the current version's personal fields), when
   * it sealed fewer than the current one: they travelled as sealed values, and are opened as the
   * current version's are. None: that version sealed nothing.
   */
  sealed?: readonly string[];
  /** What changed in this version's successor, in one sentence. */
  change: string;
  /**
   * An example of this version's data, for the catalogue. Without one the current example stands in,
   * which only fits when the shape did not change (the sealing of personal fields).
   */
  example?: unknown;
  /** Old data (already validated by `data`) -> the current version's input data. */
  upcast(data: never): z.input<D>;
}

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
  personalData?: PersonalDataSpec<z.output<D>>;
  previousVersions?: readonly PreviousVersion<D>[];
}

export function defineEvent<const S extends StreamType, D extends z.ZodType>(
  definition: EventDefinition<S, D>,
): EventDefinition<S, D> {
  return definition;
}

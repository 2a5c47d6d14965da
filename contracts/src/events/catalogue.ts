import type { z } from 'zod';
import type { StreamType } from '../topics.ts';
import { applicationEvents } from './application-events.ts';
import { connectionEvents } from './connection-events.ts';
import { conversationEvents } from './conversation-events.ts';
import type { PreviousVersion } from './define-event.ts';
import { EventEnvelope } from './envelope.ts';
import { jobEvents } from './job-events.ts';
import {
  narrowedSpec,
  type OpenSealed,
  openFields,
  sealedSchemaOf,
  sealedSubjectOf,
  sealFields,
} from './personal-data.ts';
import { postEvents } from './post-events.ts';
import { userEvents } from './user-events.ts';

/**
 * The registry of every domain event: name (past tense) -> stream type, schema version, data schema,
 * description and example. Producers validate with it before appending; consumers parse with it.
 */
export const domainEvents = Object.freeze({
  ...userEvents,
  ...jobEvents,
  ...applicationEvents,
  ...postEvents,
  ...connectionEvents,
  ...conversationEvents,
});

export type DomainEvents = typeof domainEvents;
export type DomainEventType = keyof DomainEvents;
export type EventData<T extends DomainEventType> = z.output<DomainEvents[T]['data']>;
export type EventDataInput<T extends DomainEventType> = z.input<DomainEvents[T]['data']>;

export const domainEventTypes = Object.freeze(Object.keys(domainEvents) as DomainEventType[]);

/** The data field that carries the stream id (= the Kafka key) for each stream type. */
export const streamIdFields = {
  user: 'userId',
  job: 'jobId',
  application: 'applicationId',
  post: 'postId',
  connection: 'connectionId',
  conversation: 'conversationId',
} as const satisfies Record<StreamType, string>;

/** One event in its envelope, with `type`, `streamType` and `data` tied together. */
export type DomainEventOf<T extends DomainEventType> = Omit<EventEnvelope, 'type' | 'streamType' | 'data'> & {
  type: T;
  streamType: DomainEvents[T]['streamType'];
  data: EventData<T>;
};
export type DomainEvent = { [T in DomainEventType]: DomainEventOf<T> }[DomainEventType];

/** What a decision returns before the event log gives it an envelope. */
export type NewDomainEvent = { [T in DomainEventType]: { type: T; data: EventData<T> } }[DomainEventType];

/** One kind of new event: `NewEventOf<'PostCreated'>`. */
export type NewEventOf<T extends DomainEventType> = Extract<NewDomainEvent, { type: T }>;

export function isKnownEventType(type: string): type is DomainEventType {
  return Object.hasOwn(domainEvents, type);
}

export function eventTypesOf(streamType: StreamType): DomainEventType[] {
  return domainEventTypes.filter((type) => domainEvents[type].streamType === streamType);
}

/** Validates one event's data (strict: an unknown key such as `password` fails). Throws a ZodError. */
export function parseEventData<T extends DomainEventType>(type: T, data: unknown): EventData<T> {
  const schema: z.ZodType = domainEvents[type].data;
  return schema.parse(data) as EventData<T>;
}

/** Builds a validated `{ type, data }` for the event log. */
export function newEvent<T extends DomainEventType>(
  type: T,
  data: EventDataInput<T>,
): { type: T; data: EventData<T> } {
  return { type, data: parseEventData(type, data) };
}

export type EventParseFailureReason =
  | 'invalid-envelope'
  | 'unknown-type'
  | 'unsupported-version'
  | 'stream-mismatch'
  | 'invalid-data';

export type EventParseResult =
  | { success: true; event: DomainEvent }
  | { success: false; reason: EventParseFailureReason; message: string };

export class EventParseError extends Error {
  readonly reason: EventParseFailureReason;

  constructor(reason: EventParseFailureReason, message: string) {
    super(message);
    this.name = 'EventParseError';
    this.reason = reason;
  }
}

function failure(reason: EventParseFailureReason, message: string): EventParseResult {
  return { success: false, reason, message };
}

function issuesText(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

export interface ParseOptions {
  /**
   * Opens sealed personal fields (`personal-data.ts`): returns the plain JSON text, or null when the
   * subject's key is gone. Without it, or when it returns null, sealed fields take their erased
   * stand-ins: right for readers that never show personal data (the realtime gateway).
   */
  open?: OpenSealed;
}

/** The definition's spec of personal fields, loosely typed for the pure helpers. */
function personalSpecOf(type: DomainEventType) {
  return (domainEvents[type] as { personalData?: Parameters<typeof openFields>[0] }).personalData;
}

/** Seals the personal fields of validated data, for the event log (the command-service). */
export function sealEventData(
  type: DomainEventType,
  data: unknown,
  seal: (subjectId: string, plainJson: string) => string,
): unknown {
  return sealFields(personalSpecOf(type), data as Record<string, unknown>, seal);
}

/** Whose key sealing this event's plain data needs, or null when its type carries no personal field. */
export function personalDataSubject(type: DomainEventType, data: unknown): string | null {
  const spec = personalSpecOf(type);
  return spec ? String((data as Record<string, unknown>)[spec.subject]) : null;
}

/** Opens the sealed personal fields of one event's stored data (stand-ins where `open` gives null). */
export function openEventData(type: DomainEventType, data: unknown, open: OpenSealed | undefined): unknown {
  return openFields(personalSpecOf(type), data, open);
}

/** Whose key reading this raw event needs, or null (no sealed field, or an unknown type). */
export function sealedSubject(envelope: { type: string; data: unknown }): string | null {
  if (!isKnownEventType(envelope.type)) return null;
  return sealedSubjectOf(personalSpecOf(envelope.type), envelope.data);
}

/** The data schema of an older version as it travelled: the fields it sealed (`sealed`), sealed. */
export function previousWireData(type: DomainEventType, previous: PreviousVersion): z.ZodType {
  return sealedSchemaOf(narrowedSpec(personalSpecOf(type), previous.sealed), previous.data);
}

/** The versions of a type a reader of this build understands, newest first. */
export function readableVersions(type: DomainEventType): number[] {
  const definition = domainEvents[type] as {
    schemaVersion: number;
    previousVersions?: { schemaVersion: number }[];
  };
  return [definition.schemaVersion, ...(definition.previousVersions ?? []).map((v) => v.schemaVersion)];
}

/**
 * Validates an envelope and its data. A consumer may skip `unknown-type` (an event newer than its
 * contracts) and should stop or dead-letter on anything else. An event of an older `schemaVersion` still
 * readable is validated against that version's schema and upcast: the result always has the current
 * version's data (and `schemaVersion`). Sealed personal fields are opened with `options.open`.
 */
export function safeParseDomainEvent(input: unknown, options: ParseOptions = {}): EventParseResult {
  const envelope = EventEnvelope.safeParse(input);
  if (!envelope.success)
    return failure('invalid-envelope', `Invalid event envelope: ${issuesText(envelope.error)}`);
  const { type, schemaVersion, streamType, streamId } = envelope.data;
  if (!isKnownEventType(type)) return failure('unknown-type', `Unknown event type ${type}`);
  const definition = domainEvents[type] as DomainEvents[DomainEventType] & {
    previousVersions?: readonly PreviousVersion[];
  };
  if (streamType !== definition.streamType) {
    return failure(
      'stream-mismatch',
      `${type} belongs to the ${definition.streamType} stream, not ${streamType}`,
    );
  }
  let raw: unknown;
  if (schemaVersion === definition.schemaVersion) {
    raw = openFields(personalSpecOf(type), envelope.data.data, options.open);
  } else {
    const previous = definition.previousVersions?.find((v) => v.schemaVersion === schemaVersion);
    if (!previous) {
      return failure(
        'unsupported-version',
        `${type} schemaVersion ${schemaVersion} is not supported (this build reads ${readableVersions(type).join(', ')})`,
      );
    }
    // Validated as that version travelled (the fields it sealed, sealed); then its sealed fields are
    // opened as the current version's are (a version 2 post's content), and it is upcast.
    const old = previousWireData(type, previous).safeParse(envelope.data.data);
    if (!old.success)
      return failure('invalid-data', `Invalid ${type} v${schemaVersion} data: ${issuesText(old.error)}`);
    raw = previous.upcast(openFields(personalSpecOf(type), old.data, options.open) as never);
  }
  const schema: z.ZodType = definition.data;
  const data = schema.safeParse(raw);
  if (!data.success) return failure('invalid-data', `Invalid ${type} data: ${issuesText(data.error)}`);
  const idField = streamIdFields[definition.streamType];
  const dataStreamId = (data.data as Record<string, unknown>)[idField];
  if (dataStreamId !== streamId) {
    return failure('stream-mismatch', `${type} streamId ${streamId} does not match data.${idField}`);
  }
  return {
    success: true,
    event: {
      ...envelope.data,
      schemaVersion: definition.schemaVersion,
      type,
      data: data.data,
    } as DomainEvent,
  };
}

/** Like `safeParseDomainEvent`, but throws an `EventParseError`. */
export function parseDomainEvent(input: unknown, options: ParseOptions = {}): DomainEvent {
  const result = safeParseDomainEvent(input, options);
  if (!result.success) throw new EventParseError(result.reason, result.message);
  return result.event;
}

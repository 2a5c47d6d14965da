import type { StreamType } from '../topics.ts';
import {
  type DomainEvent,
  type DomainEvents,
  type DomainEventType,
  domainEvents,
  domainEventTypes,
} from './catalogue.ts';

/** The event types of the streams `S`: `EventTypeOf<'post'>` is 'PostCreated' | 'PostLiked' | ... */
export type EventTypeOf<S extends StreamType> = {
  [T in DomainEventType]: DomainEvents[T]['streamType'] extends S ? T : never;
}[DomainEventType];

/** One event of the types `T`, as a discriminated union (a handler shared by several types takes it). */
export type EventOfType<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** The events of the streams `S`. */
export type EventOnStream<S extends StreamType> = EventOfType<EventTypeOf<S>>;

/**
 * What a consumer does with each event of the streams it reads (`S`, every stream unless named): a
 * handler, or `null` for a type it has no use for, named so. Such a table has no `default:` to swallow
 * what nobody thought of: adding an event type to the catalogue fails to compile until every table of
 * its stream has decided what it does with it. `Args` are what each handler takes after the event.
 */
export type EventTable<R, S extends StreamType = StreamType, Args extends unknown[] = []> = {
  readonly [T in EventTypeOf<S>]: ((event: EventOfType<T>, ...args: Args) => R) | null;
};

/**
 * Runs `table`'s handler for `event`, or answers `otherwise` for a type the table names as unused.
 * An event of a stream the table does not cover is a caller's mistake and throws.
 */
export function dispatchEvent<R, S extends StreamType, Args extends unknown[]>(
  table: EventTable<R, S, Args>,
  event: EventOnStream<S>,
  otherwise: NoInfer<R>,
  ...args: Args
): R {
  const handlers = table as Readonly<Record<string, ((event: DomainEvent, ...args: Args) => R) | null>>;
  if (!Object.hasOwn(handlers, event.type)) {
    throw new Error(`no decision for ${event.type} in this event table`);
  }
  const handler = handlers[event.type];
  return handler ? handler(event, ...args) : otherwise;
}

/**
 * The types a table handles (its non-null entries): a table of `true` and `false` decides which types a
 * consumer takes, and this lists them.
 */
export function typesHandled<S extends StreamType>(
  table: { readonly [T in EventTypeOf<S>]: unknown },
): EventTypeOf<S>[] {
  return (Object.keys(table) as EventTypeOf<S>[]).filter(
    (type) =>
      (table as Record<string, unknown>)[type] !== null && (table as Record<string, unknown>)[type] !== false,
  );
}

/** Names what a decision left out, or named twice, so the compiler's error says which types. */
type Complete<All extends string, H extends string, I extends string> = ([Exclude<All, H | I>] extends [never]
  ? unknown
  : { undecided: Exclude<All, H | I> }) &
  ([H & I] extends [never] ? unknown : { decidedTwice: H & I });

/**
 * A consumer's decision on every event type of the streams it reads: those it handles, and those it
 * names as of no use to it. It does not compile while a type of those streams is in neither list (the
 * error names them as `undecided`), or in both; it throws the same at run time for a list built
 * otherwise. Returns the types handled.
 */
export function eventsDecided<
  const S extends StreamType,
  const H extends EventTypeOf<S>,
  const I extends EventTypeOf<S>,
>(
  streams: readonly S[],
  decision: { handles: readonly H[]; ignores: readonly I[] } & Complete<EventTypeOf<S>, H, I>,
): H[] {
  const all = domainEventTypes.filter((type) =>
    (streams as readonly StreamType[]).includes(domainEvents[type].streamType),
  );
  const handled = new Set<string>(decision.handles);
  const ignored = new Set<string>(decision.ignores);
  const undecided = all.filter((type) => !handled.has(type) && !ignored.has(type));
  const twice = all.filter((type) => handled.has(type) && ignored.has(type));
  const foreign = [...handled, ...ignored].filter((type) => !(all as string[]).includes(type));
  if (undecided.length + twice.length + foreign.length > 0) {
    throw new Error(
      `event decision for ${streams.join(', ')}: undecided ${undecided.join(', ') || 'none'}; in both lists ${twice.join(', ') || 'none'}; not of these streams ${foreign.join(', ') || 'none'}`,
    );
  }
  return [...decision.handles];
}

import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import type { NewDomainEvent } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { authMessages, requestMessages } from '@careers/contracts/messages';
import { apiPath, type RouteDefinition, type RouteName, routes } from '@careers/contracts/routes';
import type { StreamType } from '@careers/contracts/topics';
import { firstErrorMessage } from '@careers/contracts/validation';
import {
  HttpError,
  type Redis,
  SESSION_COOKIE,
  type SignedIn,
  SubjectErasedError,
  sessionAtStart,
  unauthorized,
} from '@careers/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type AlongsideWrite,
  type CommandTransaction,
  ConcurrencyError,
  type EventStore,
} from '../event-log/event-store.ts';
import { consistencyTokenOf } from './consistency-token.ts';
import { type Decision, DomainError, type DomainErrorKind, isRefusal, refuse } from './domain-error.ts';
import { AlreadyCommitted, type Intent, intentOf, takesKey } from './idempotency.ts';

type ParamsOf<R> = R extends { params: infer P extends z.ZodType } ? z.output<P> : Record<string, never>;
type BodyOf<R> = R extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
type ActorOf<R> = R extends { auth: 'required' } ? SignedIn : SignedIn | null;

/** What the route's success reply must be (the contracts' response schema, before serialization). */
export type CommandReply<R extends RouteDefinition> = z.input<R['response']>;

/** One command as the pipeline hands it to an aggregate: checked, parsed and timed. */
export interface CommandInput<R extends RouteDefinition> {
  /** The signed-in user; on a public route, whoever the request's session names, or null. */
  actor: ActorOf<R>;
  params: ParamsOf<R>;
  body: BodyOf<R>;
  /** One clock reading per command: every event and reply of it tells the same time. */
  now: Date;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The stream a command's events are appended to, and the version its decision was made on. */
export interface StreamPosition {
  type: StreamType;
  id: string;
  /** 0 for a new stream. */
  version: number;
}

/**
 * An aggregate's part of one command route. The pipeline owns everything else: the session check
 * (from `route.auth`), parsing, the transaction, the append at the expected version with a bounded
 * retry, the consistency token, the status and the mapping of refusals to HTTP.
 *
 * Order: prepare (outside the transaction) → in the transaction: load (and lock) → decide → evolve →
 * append and save → commit → respond.
 */
export interface CommandHandler<R extends RouteDefinition, State, Prepared = undefined> {
  route: R;
  /**
   * Work that needs no lock and should not hold one: password hashing, throttles, new ids. A refusal
   * here ends the command before any transaction.
   */
  prepare?(input: CommandInput<R>): Promise<Prepared | DomainError>;
  /**
   * Reads the write-side state the decision needs, locking what the command will change. May refuse
   * when the state the command needs is missing (the actor's own account, say).
   */
  load(tx: CommandTransaction, input: CommandInput<R>, prepared: Prepared): Promise<State | DomainError>;
  /** Pure: the events that record the command, or a refusal. */
  decide(state: State, input: CommandInput<R>, prepared: Prepared): Decision;
  /**
   * Where the events go. This and `evolve` and `save` are called only when there are events, which a
   * decision never makes from no state: they get the state as non-null.
   */
  stream(state: NonNullable<State>, input: CommandInput<R>, prepared: Prepared): StreamPosition;
  /** Pure: the state the events leave. */
  evolve(state: NonNullable<State>, events: readonly NewDomainEvent[]): NonNullable<State>;
  /** Writes the new state to the write-side tables, after the append. Give this or `saveAlong`. */
  save?(
    tx: CommandTransaction,
    next: NonNullable<State>,
    input: CommandInput<R>,
    prepared: Prepared,
  ): Promise<void>;
  /**
   * The new state's write as CTEs that run in the append's own statement: one round trip for both,
   * for the hottest commands. Give this or `save`.
   */
  saveAlong?(next: NonNullable<State>, input: CommandInput<R>, prepared: Prepared): AlongsideWrite;
  /**
   * The reply body (and any cookie). With no events, `next` is the state as loaded. After the commit,
   * or, for a command sent with an Idempotency-Key, just before it (the answer is stored with the
   * events): nothing here may need the commit. Work that does goes in `afterCommit`.
   */
  respond(
    next: State,
    input: CommandInput<R>,
    prepared: Prepared,
  ): CommandReply<R> | Promise<CommandReply<R>>;
  /** After the commit, before the answer: e.g. removing the stored files the command replaced. */
  afterCommit?(next: State, input: CommandInput<R>, prepared: Prepared): Promise<void>;
  /** After a refusal (in prepare or decide), before it is answered: e.g. counting a wrong password. */
  onRefused?(refusal: DomainError, input: CommandInput<R>, prepared: Prepared | undefined): Promise<void>;
  /**
   * Undoes what `prepare` made outside the database when the command then does not commit (refused,
   * or failed): an upload's stored objects, say, which nothing would ever name. Best effort: a failure
   * here is logged, and the command is answered as it would have been.
   */
  abandon?(input: CommandInput<R>, prepared: Prepared): Promise<void>;
  /**
   * Runs the command with others in one transaction (a group commit: `posts/post-group.ts`) rather than
   * in one of its own, after `prepare`; only for routes without `save`, `afterCommit` or `abandon`.
   */
  group?: CommandGroup<R, State, Prepared>;
}

/** What a command's transaction leaves: its state after, its events, and a keyed command's answer. */
export interface CommandOutcome<R extends RouteDefinition, State> {
  next: State;
  events: EventEnvelope[];
  answer: { body: CommandReply<R>; token: string | null } | null;
}

/**
 * Commands of one route decided and written together. `submit` settles with the command's outcome, or
 * throws what its own transaction would (a DomainError refusal, AlreadyCommitted, a ConcurrencyError);
 * `alone` runs the command in a transaction of its own, for a group that has to fall back on it.
 */
export interface CommandGroup<R extends RouteDefinition, State, Prepared = undefined> {
  submit(
    input: CommandInput<R>,
    intent: Intent | null,
    alone: () => Promise<CommandOutcome<R, State>>,
    prepared: Prepared,
  ): Promise<CommandOutcome<R, State>>;
}

const statusOf: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not found': 404,
  conflict: 409,
  gone: 410,
  'too large': 413,
};

/** The one place a refusal becomes an HTTP answer. */
export function httpErrorOf(refusal: DomainError): HttpError {
  return new HttpError(statusOf[refusal.kind], refusal.message);
}

/** Thrown inside the transaction to roll it back and carry the refusal out. */
class Refused extends Error {
  readonly refusal: DomainError;
  constructor(refusal: DomainError) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

export interface PipelineDeps {
  app: FastifyInstance;
  redis: Redis;
  store: EventStore;
}

/**
 * The signed-in user, or 401 on a route that needs one. Read as the rate limit read it before the
 * handler (one Redis read for both).
 */
async function actorOf(route: RouteDefinition, redis: Redis, request: FastifyRequest) {
  const sessionId = request.cookies[SESSION_COOKIE];
  const session = sessionId ? await sessionAtStart(redis, request) : null;
  if (session && sessionId) return { userId: session.userId, sessionId };
  if (route.auth === 'required') throw unauthorized(authMessages.signInRequired);
  return null;
}

/** A path parameter that does not parse names nothing: 404 with the contracts' "<Thing> not found". */
function parseParams(route: RouteDefinition, raw: unknown): unknown {
  if (!route.params) return {};
  const parsed = route.params.safeParse(raw);
  if (!parsed.success) throw new HttpError(404, firstErrorMessage(parsed.error));
  return parsed.data;
}

/** A route with `body: null` takes none on purpose: whatever was sent is ignored. */
function parseBody(route: RouteDefinition, raw: unknown): unknown {
  if (!route.body) return undefined;
  const parsed = route.body.safeParse(raw);
  if (!parsed.success) throw new HttpError(400, firstErrorMessage(parsed.error));
  return parsed.data;
}

/** Registers a command route: its contracts route plus the aggregate's handler, run by the pipeline. */
export function registerCommand<R extends RouteDefinition, State, Prepared = undefined>(
  deps: PipelineDeps,
  handler: CommandHandler<R, State, Prepared>,
): void {
  const { app, redis, store } = deps;
  const { route } = handler;
  if (!handler.save === !handler.saveAlong) {
    throw new Error(`${route.method} ${route.path}: a handler gives exactly one of save and saveAlong`);
  }
  if (handler.group && (handler.save || handler.afterCommit || handler.abandon)) {
    throw new Error(`${route.method} ${route.path}: a grouped command has no save, afterCommit or abandon`);
  }
  const name = (Object.keys(routes) as RouteName[]).find((key) => (routes[key] as RouteDefinition) === route);
  const keyed = takesKey(name);
  app.route({
    method: route.method,
    url: apiPath(route),
    handler: async (request, reply) => {
      const actor = await actorOf(route, redis, request);
      const input = {
        actor,
        params: parseParams(route, request.params),
        body: parseBody(route, request.body),
        now: new Date(),
        request,
        reply,
      } as CommandInput<R>;
      // A repeat of an intent that has committed gets its answer again, and nothing runs.
      const intent = keyed ? intentOf(route, request, actor?.userId ?? null) : null;
      if (intent && (await store.answers.answered(reply, intent))) return reply;

      let prepared: Prepared | undefined;
      let committed = false;
      const refused = async (refusal: DomainError): Promise<never> => {
        await handler.onRefused?.(refusal, input, prepared);
        throw httpErrorOf(refusal);
      };
      try {
        if (handler.prepare) {
          const outcome = await handler.prepare(input);
          if (isRefusal(outcome)) return await refused(outcome);
          prepared = outcome;
        }
        const ready = prepared as Prepared;
        const alone = async (): Promise<CommandOutcome<R, State>> => {
          let answer: { body: CommandReply<R>; token: string | null } | null = null;
          const { result: next, events } = await store.execute<State>(
            { actorId: actor?.userId ?? null },
            async (tx) => {
              // First: the claim of the key, which waits for another try of the intent still running.
              if (intent) await store.answers.claim(tx.client, intent);
              const state = await handler.load(tx, input, ready);
              if (isRefusal(state)) throw new Refused(state);
              const decision = handler.decide(state, input, ready);
              if (isRefusal(decision)) throw new Refused(decision);
              let next: State = state;
              if (decision.length > 0) {
                if (state === null || state === undefined) {
                  throw new Error(`${route.method} ${route.path}: events decided on no state`);
                }
                const at = handler.stream(state, input, ready);
                const evolved = handler.evolve(state, decision);
                await tx.append(
                  { streamType: at.type, streamId: at.id, expectedVersion: at.version, events: decision },
                  handler.saveAlong?.(evolved, input, ready),
                  // With nothing written after it, the append commits the transaction as it goes.
                  { commit: !handler.save && !intent },
                );
                await handler.save?.(tx, evolved, input, ready);
                next = evolved;
              }
              if (intent) {
                // A keyed command's answer is stored with its events: made here, before the commit.
                const body = await handler.respond(next, input, ready);
                const token = consistencyTokenOf(reply, tx.appended, actor?.userId ?? null);
                await store.answers.record(tx.client, intent, { status: route.status, body, token });
                answer = { body, token };
              }
              return next;
            },
          );
          return { next, events, answer };
        };
        const { next, events, answer } = handler.group
          ? await handler.group.submit(input, intent, alone, ready)
          : await alone();
        committed = true;
        await handler.afterCommit?.(next, input, ready);
        const { body, token } = answer ?? {
          body: await handler.respond(next, input, ready),
          token: consistencyTokenOf(reply, events, actor?.userId ?? null),
        };
        if (token) reply.header(CONSISTENCY_HEADER, token);
        return reply.code(route.status).send(body);
      } catch (error) {
        if (handler.abandon && prepared !== undefined && !committed) {
          await handler.abandon(input, prepared).catch((cleanupError: unknown) => {
            request.log.error(
              { err: cleanupError },
              `${route.method} ${route.path}: could not undo what was prepared for a command that did not commit`,
            );
          });
        }
        if (error instanceof AlreadyCommitted && intent) return store.answers.answerRepeat(reply, intent);
        if (error instanceof Refused) return refused(error.refusal);
        if (error instanceof DomainError) return refused(error);
        if (error instanceof ConcurrencyError) throw new HttpError(409, requestMessages.changedMeanwhile);
        // The actor's account was deleted while this command was on its way (their key is destroyed,
        // so nothing of theirs can be recorded): answered as any command of a deleted account is.
        if (error instanceof SubjectErasedError) return refused(signedOut());
        throw error;
      }
    },
  });
}

/** For handlers whose state must exist for a signed-in actor: their account was deleted meanwhile. */
export const signedOut = () => refuse.unauthenticated(authMessages.signInRequired);

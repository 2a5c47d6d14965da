import type { QueryValue } from '@careers/contracts/api/query-string';
import type { MultipartUpload } from '@careers/contracts/routes';
import type { z } from 'zod';

/**
 * Keys that accept undefined become optional. A `z.preprocess` query field (every list-query field) has
 * `unknown` as its input and stays a required key, though leaving it out of the URL is what "unset" means.
 */
type OptionalWhereUndefined<T> = {
  [K in keyof T as undefined extends T[K] ? K : never]?: T[K];
} & {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K];
};

/** The query schema's input, each value narrowed to what a query string can carry. */
type QueryInput<S extends z.ZodType> = OptionalWhereUndefined<{
  [K in keyof z.input<S>]: z.input<S>[K] & QueryValue;
}>;

type ParamsSlot<R> = R extends { params: infer S extends z.ZodType }
  ? { params: z.input<S> }
  : { params?: never };

type QuerySlot<R> = R extends { query: infer S extends z.ZodType }
  ? Partial<QueryInput<S>> extends QueryInput<S>
    ? { query?: QueryInput<S> }
    : { query: QueryInput<S> }
  : { query?: never };

/** Multipart routes declare `body: null` (no JSON body) and take the upload's FormData instead. */
type BodySlot<R> = R extends { multipart: MultipartUpload }
  ? { body: FormData }
  : R extends { body: infer S extends z.ZodType }
    ? undefined extends z.input<S>
      ? { body?: z.input<S> }
      : { body: z.input<S> }
    : { body?: never };

/** What a call of route `R` sends, as the route's schemas read it before parsing. */
export type RouteInput<R> = ParamsSlot<R> & QuerySlot<R> & BodySlot<R>;

/** The input may be left out when the route needs none (no params, no body, no required query field). */
export type RouteCallArgs<R, Options> =
  Partial<RouteInput<R>> extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: Options]
    : [input: RouteInput<R>, options?: Options];

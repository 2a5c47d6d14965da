import { z } from 'zod';
import type { RouteDefinition } from './api/define-route.ts';
import { fileRoutes } from './api/file-routes.ts';
import { ErrorResponse } from './api/responses.ts';
import { IDEMPOTENCY_KEY_TTL_HOURS, UNKEYED_COMMANDS } from './idempotency.ts';
import {
  ApplicationIdParams,
  CommentParams,
  ConnectionRequestParams,
  JobIdParams,
  PostIdParams,
  UserIdParams,
} from './requests/route-params.ts';
import { API_PREFIX, type RouteName, routes } from './routes.ts';

/**
 * The HTTP API as an OpenAPI 3.1 document, generated from the route table (`routes`) and the file
 * routes, so it cannot drift from what the services register. Pure, so a test compares it with the
 * committed `docs/api/openapi.json`; the query-service serves it at `/api/docs`, and the fuzzing
 * suite (`npm run fuzz`) generates its requests from it.
 */

/** Bump the minor on an additive change (a route, an optional field), the major on a breaking one. */
export const OPENAPI_DOCUMENT_VERSION = '1.0.0';

/**
 * The session cookie's name. service-kit owns the cookie (`SESSION_COOKIE`); contracts may not depend
 * on it, so the fuzzing suite checks the two agree.
 */
export const SESSION_COOKIE_NAME = 'sid';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/**
 * What each file route answers with. Typed by the file table, so a new file route does not compile
 * until it says what it serves.
 */
const fileMediaTypes: Record<keyof typeof fileRoutes, { mediaType: string; summary: string }> = {
  picture: {
    mediaType: 'image/webp',
    summary: 'A profile picture in one of its sizes (any signed-in user).',
  },
  postImage: {
    mediaType: 'image/webp',
    summary: "A post's picture in one of its sizes: readable by whoever may read the post.",
  },
  resume: {
    mediaType: 'application/pdf',
    summary:
      'A resume, as an attachment: readable by its owner and by the poster of a job it was sent to with an application.',
  },
};

/**
 * The error answers, all `{ message }`. Which ones a route lists follows from what it takes and who
 * may call it (`errorStatuses`); the descriptions say when each happens.
 */
const errorResponses = {
  '400':
    'The request is malformed: a field, a query parameter or a header the route refuses (`message` names it).',
  '401': 'No session, or the session has ended.',
  '403': 'Refused: a write from another site, or an action only the owner of the resource may take.',
  '404': 'Not found, or not visible to the caller (the two read the same; a malformed id is not found too).',
  '409':
    'The current state forbids it (a taken email, an answered request, a closed job, a concurrent change).',
  '413': 'The body or the upload is larger than the route takes.',
  '415': 'The body is not of a type the route reads.',
  '422': 'The `Idempotency-Key` was already used, by the same user, for a different request.',
  '429': 'Too many requests: wait as long as `Retry-After` says.',
  '503':
    'Not now: every password hashing slot is taken, or the read side has not caught up with the signed-in user yet (`x-consistency-stale: 1`). Try again after `Retry-After`.',
} as const;
type ErrorStatus = keyof typeof errorResponses;

const errorComponentNames: Record<ErrorStatus, string> = {
  '400': 'BadRequest',
  '401': 'Unauthenticated',
  '403': 'Forbidden',
  '404': 'NotFound',
  '409': 'Conflict',
  '413': 'PayloadTooLarge',
  '415': 'UnsupportedMediaType',
  '422': 'IdempotencyKeyReused',
  '429': 'TooManyRequests',
  '503': 'Busy',
};

/**
 * The routes that create something, where the new id is in their answer, and the path parameters
 * that name it. Each becomes an OpenAPI link to every route taking those parameters, so a client (and
 * the fuzzer's stateful phase) can go from "created a post" to "like that post".
 */
const createdResources: { by: RouteName; ids: Record<string, string>; params: z.ZodObject }[] = [
  { by: 'register', ids: { id: '$response.body#/user/_id' }, params: UserIdParams },
  { by: 'createPost', ids: { id: '$response.body#/data/_id' }, params: PostIdParams },
  { by: 'createJob', ids: { id: '$response.body#/data/_id' }, params: JobIdParams },
  { by: 'applyToJob', ids: { id: '$response.body#/data/_id' }, params: ApplicationIdParams },
  { by: 'connect', ids: { requestId: '$response.body#/data/_id' }, params: ConnectionRequestParams },
  // A comment is named by its post and itself.
  {
    by: 'addComment',
    ids: { id: '$response.body#/data/postId', commentId: '$response.body#/data/_id' },
    params: CommentParams,
  },
];

function linksFrom(name: string): Record<string, JsonSchema> | undefined {
  const links: Record<string, JsonSchema> = {};
  for (const created of createdResources.filter((resource) => resource.by === name)) {
    for (const [target, route] of Object.entries(routes) as [string, RouteDefinition][]) {
      if (route.params !== created.params) continue;
      links[target] = {
        operationId: target,
        parameters: Object.fromEntries(
          Object.entries(created.ids).map(([parameter, id]) => [documentedParam(route.path, parameter), id]),
        ),
      };
    }
  }
  return Object.keys(links).length > 0 ? links : undefined;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // A refinement or transform has no JSON Schema form: its input shape is still described.
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

const PATH_PARAM = /:([A-Za-z][A-Za-z0-9_]*)/g;
const pathShape = (path: string) => path.replace(PATH_PARAM, ':');
const pathParams = (path: string) => [...path.matchAll(PATH_PARAM)].map(([, name = '']) => name);

/**
 * A route's path as the document has it. OpenAPI holds two paths that differ only by the names of their
 * parameters to be one path (`/users/connections/:requestId` and `:connectionId`): the later takes the
 * names of the first in the route table.
 */
function documentedPath(path: string): string {
  const all = [...Object.values(routes), ...Object.values(fileRoutes)].map((route) => route.path);
  return all.find((other) => pathShape(other) === pathShape(path)) ?? path;
}

/** The documented name of a route's path parameter (documentedPath). */
function documentedParam(path: string, name: string): string {
  const at = pathParams(path).indexOf(name);
  return at < 0 ? name : (pathParams(documentedPath(path))[at] ?? name);
}

/** `/posts/:id/like` -> `/api/posts/{id}/like` (with the names of documentedPath). */
export function openApiPath(path: string): string {
  return `${API_PREFIX}${documentedPath(path).replace(PATH_PARAM, '{$1}')}`;
}

function objectShape(schema: z.ZodType, what: string): Record<string, z.ZodType> {
  if (!(schema instanceof z.ZodObject)) throw new Error(`openApiDocument: ${what} must be a z.object`);
  return schema.shape as Record<string, z.ZodType>;
}

/** A field the schema accepts when it is left out (optional, or defaulted) is not required. */
function isRequired(field: z.ZodType): boolean {
  return !field.safeParse(undefined).success;
}

function parameters(route: Pick<RouteDefinition, 'path' | 'params' | 'query'>): JsonSchema[] {
  const list: JsonSchema[] = [];
  if (route.params) {
    for (const [name, field] of Object.entries(objectShape(route.params, 'params'))) {
      const documented = documentedParam(route.path, name);
      list.push({
        name: documented,
        in: 'path',
        required: true,
        schema: jsonSchema(field, 'input'),
        ...(documented === name
          ? {}
          : { description: `This route's \`${name}\`, named as the path's other methods name it.` }),
      });
    }
  }
  if (route.query) {
    for (const [name, field] of Object.entries(objectShape(route.query, 'query'))) {
      const schema = jsonSchema(field, 'input');
      list.push({
        name,
        in: 'query',
        required: isRequired(field),
        schema,
        // Lists repeat their key (`?skills=a&skills=b`); the schemas read comma lists too.
        ...(schema.type === 'array' ? { style: 'form', explode: true } : {}),
      });
    }
  }
  return list;
}

function requestBody(route: RouteDefinition): JsonSchema | undefined {
  if (route.multipart) {
    const { field, maxBytes, contentTypes } = route.multipart;
    return {
      required: true,
      description: `One file in the field \`${field}\`: ${contentTypes.join(', ')}, at most ${maxBytes} bytes.`,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { [field]: { type: 'string', format: 'binary' } },
            required: [field],
          },
          encoding: { [field]: { contentType: contentTypes.join(', ') } },
        },
      },
    };
  }
  if (!route.body) return undefined;
  return { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } };
}

function takesIdempotencyKey(name: string | undefined, route: RouteDefinition): boolean {
  return route.service === 'command' && name !== undefined && !UNKEYED_COMMANDS.includes(name as RouteName);
}

/**
 * The error statuses a route can answer with, from what it takes and who may call it (and, for a
 * command, whether it takes an Idempotency-Key: `name`).
 */
export function errorStatuses(route: RouteDefinition, name?: string): ErrorStatus[] {
  const isCommand = route.method !== 'GET';
  const takesBody = Boolean(route.body || route.multipart);
  const statuses: ErrorStatus[] = [];
  // Every route reads something that can be malformed: a query, a body, or the consistency header of a read.
  if (!isCommand || route.query || takesBody) statuses.push('400');
  // A wrong password at login is a 400 (it says which field); 401 is for a missing or ended session.
  if (route.auth === 'required') statuses.push('401');
  if (isCommand) statuses.push('403');
  // Removing what is not there (no picture to remove) is a 404 as much as an unknown id is.
  if (route.params || route.method === 'DELETE') statuses.push('404');
  // A public command conflicts only by taking what is someone else's (a registered email).
  if (isCommand && (route.auth === 'required' || route.status === 201)) statuses.push('409');
  if (takesBody) statuses.push('413', '415');
  if (takesIdempotencyKey(name, route)) statuses.push('422');
  if (isCommand) statuses.push('429');
  if (route.hashesPassword || route.waitsForReadSide) statuses.push('503');
  return statuses;
}

function errorRefs(statuses: readonly ErrorStatus[]): Record<string, JsonSchema> {
  return Object.fromEntries(
    statuses.map((status) => [status, { $ref: `#/components/responses/${errorComponentNames[status]}` }]),
  );
}

function tagsOf(operation: Operation): string[] {
  return operation.tags as string[];
}

function tagOf(path: string): string {
  return path.split('/')[1] ?? 'api';
}

/** The header of a command that takes a key (contracts' idempotency.ts). */
const idempotencyKeyParameter: JsonSchema = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    `One key per intent, sent with every try of it: a repeat within ${IDEMPOTENCY_KEY_TTL_HOURS} hours answers ` +
    'what the first answered (with `Idempotent-Replayed: true`) and writes nothing; the same key with another ' +
    'request answers 422. Keys are per user; an upload is matched on its route alone.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
};

function routeOperation(name: string, route: RouteDefinition): Operation {
  const body = requestBody(route);
  const params = [
    ...parameters(route),
    ...(takesIdempotencyKey(name, route) ? [idempotencyKeyParameter] : []),
  ];
  const statuses = errorStatuses(route, name);
  const links = linksFrom(name);
  return {
    operationId: name,
    summary: route.summary,
    tags: [tagOf(route.path)],
    ...(route.auth === 'public' ? { security: [] } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      [String(route.status)]: {
        description: route.summary,
        content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
        ...(links ? { links } : {}),
      },
      ...errorRefs(statuses),
    },
  };
}

function fileOperation(name: keyof typeof fileRoutes): Operation {
  const route = fileRoutes[name];
  const { mediaType, summary } = fileMediaTypes[name];
  return {
    operationId: `${name}File`,
    summary,
    tags: ['files'],
    parameters: parameters(route),
    responses: {
      '200': {
        description: `The file (${mediaType}), sent with \`X-Content-Type-Options: nosniff\`.`,
        content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } },
      },
      ...errorRefs(['400', '401', '404']),
    },
  };
}

export function openApiDocument() {
  const paths: Record<string, Record<string, Operation>> = {};
  const add = (path: string, method: string, operation: Operation) => {
    const key = openApiPath(path);
    paths[key] = { ...paths[key], [method.toLowerCase()]: operation };
  };
  for (const [name, route] of Object.entries(routes) as [string, RouteDefinition][]) {
    add(route.path, route.method, routeOperation(name, route));
  }
  for (const name of Object.keys(fileRoutes) as (keyof typeof fileRoutes)[]) {
    add(fileRoutes[name].path, fileRoutes[name].method, fileOperation(name));
  }
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));

  return {
    openapi: '3.1.0',
    info: {
      title: 'Careers API',
      version: OPENAPI_DOCUMENT_VERSION,
      description:
        'The HTTP API of the careers platform, served under `/api` on the same origin as the web app: ' +
        'reads (GET) are answered by the query-service, every other method by the command-service. ' +
        'Sign in with `POST /api/auth/login` (or register); the session is the `sid` cookie. Writes ' +
        "sent by a browser must come from the app's own origin. A write answers with an " +
        '`x-consistency-token` header; a read that sends it back waits (briefly) until the write is ' +
        'visible. Every error is JSON `{ message }`. Generated from the route table in ' +
        'contracts/src: do not edit by hand, run `npm run openapi`.',
    },
    servers: [{ url: '/', description: 'The origin this document is served from' }],
    security: [{ sessionCookie: [] }],
    tags: [...new Set(Object.values(sortedPaths).flatMap((item) => Object.values(item).flatMap(tagsOf)))]
      .sort()
      .map((name) => ({ name })),
    paths: sortedPaths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE_NAME,
          description: 'Set by login and register (HttpOnly, SameSite=Lax); cleared by logout.',
        },
      },
      schemas: { ErrorResponse: jsonSchema(ErrorResponse, 'output') },
      responses: Object.fromEntries(
        (Object.keys(errorResponses) as ErrorStatus[]).map((status) => [
          errorComponentNames[status],
          {
            description: errorResponses[status],
            ...(status === '429' || status === '503'
              ? {
                  headers: {
                    'Retry-After': {
                      description: 'Seconds to wait before trying again.',
                      schema: { type: 'integer', minimum: 0 },
                    },
                  },
                }
              : {}),
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
          },
        ]),
      ),
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;

/** The document as committed: two-space JSON with a final newline. */
export function openApiJson(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}

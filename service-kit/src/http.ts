import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP, type Socket } from 'node:net';
import { globalMessages, requestMessages } from '@careers/contracts/messages';
import { containsUnsafeText } from '@careers/contracts/requests/fields';
import { firstErrorMessage } from '@careers/contracts/validation';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { ZodError, type z } from 'zod';
import type { ConsistencyTokenSigner } from './consistency-tokens.ts';
import { HttpError } from './errors.ts';
import type { Logger } from './logger.ts';

export interface HttpServerOptions {
  /** Sent back as `x-served-by`, so a request's path through the edge can be seen. */
  serviceName: string;
  logger: Logger;
  /** Origins allowed to send state-changing requests (CSRF defence). */
  allowedOrigins: string[];
  /**
   * Addresses and CIDR ranges of the proxies whose `X-Forwarded-*` headers are believed (the edge).
   * Loopback by default: the dev edge and the services share a machine.
   */
  trustedProxies?: readonly string[];
  /**
   * The edge's secret (EDGE_SECRET): `X-Forwarded-*` is believed only from a trusted peer that sends it
   * as `X-Edge-Secret`, so a process on the edge's machine cannot name an address by calling the
   * service's port itself. Without it, a trusted peer is enough (unit tests of other concerns).
   */
  edgeSecret?: string;
  /** Issues and checks this service's consistency tokens (see consistencyTokensOf). */
  consistencyTokens?: ConsistencyTokenSigner;
  bodyLimit?: number;
}

const signers = new WeakMap<FastifyInstance, ConsistencyTokenSigner>();
const edgeSecrets = new WeakMap<FastifyInstance, string>();

/**
 * The headers the edge adds to a request from `ip`: what a test sends to play a client behind the
 * edge. A server created without an edge secret believes a trusted peer without them.
 */
export function viaEdge(app: FastifyInstance, ip: string): Record<string, string> {
  const secret = edgeSecrets.get(app);
  return { 'x-forwarded-for': ip, ...(secret === undefined ? {} : { [EDGE_SECRET_HEADER]: secret }) };
}

/**
 * The consistency token signer a server was created with: the command pipeline issues tokens with it,
 * the query-service checks them. Kept beside the instance rather than on it (no decorators).
 */
export function consistencyTokensOf(app: FastifyInstance): ConsistencyTokenSigner {
  // A plugin's encapsulated instance (a route with a parser of its own) inherits from the server's.
  for (let at: object | null = app; at !== null; at = Object.getPrototypeOf(at)) {
    const signer = signers.get(at as FastifyInstance);
    if (signer) return signer;
  }
  throw new Error('This server was created without consistencyTokens');
}

export const DEFAULT_TRUSTED_PROXIES = ['127.0.0.1/8', '::1/128'] as const;

/** One year, as browsers' preload lists ask; sent only on answers that arrived over TLS. */
const HSTS = 'max-age=31536000; includeSubDomains';
/** The longest X-Forwarded-For a trusted edge sends: one address (it sets, never appends). */
const MAX_FORWARDED_FOR_LENGTH = 256;

/**
 * Whether an address is one of `trusted` (addresses or CIDR ranges, IPv4 or IPv6). An IPv4 peer seen
 * on a dual-stack socket (`::ffff:127.0.0.1`) counts as its IPv4 self.
 */
export function proxyTrust(trusted: readonly string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of trusted) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`Not an address or CIDR range: ${JSON.stringify(entry)}`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * Whether a connection's peer is trusted, decided once per connection: keep-alive connections carry
 * many requests, and the peer of a socket never changes.
 */
function socketTrust(isTrusted: (address: string | undefined) => boolean): (socket: Socket) => boolean {
  const decided = new WeakMap<Socket, boolean>();
  return (socket) => {
    let trusted = decided.get(socket);
    if (trusted === undefined) {
      trusted = isTrusted(socket.remoteAddress);
      decided.set(socket, trusted);
    }
    return trusted;
  };
}

/**
 * Keeps `X-Forwarded-*` only when the peer is a trusted proxy and the forwarded address is one valid
 * address; otherwise drops them, so `request.ip` is the socket's peer. Either way `request.ip` is a
 * valid address: throttle keys built from it cannot be made up or made long by a client.
 */
function sanitizeForwardedHeaders(
  headers: Record<string, string | string[] | undefined>,
  socket: Socket,
  peerTrusted: (socket: Socket) => boolean,
  fromEdge: (presented: string | string[] | undefined) => boolean,
): void {
  const forwardedFor = headers['x-forwarded-for'];
  const presented = headers[EDGE_SECRET_HEADER];
  // Never seen past this point: not by a route, not in a log line.
  delete headers[EDGE_SECRET_HEADER];
  if (
    forwardedFor === undefined &&
    headers['x-forwarded-proto'] === undefined &&
    headers['x-forwarded-host'] === undefined
  ) {
    return;
  }
  const believable =
    peerTrusted(socket) &&
    fromEdge(presented) &&
    (forwardedFor === undefined ||
      (typeof forwardedFor === 'string' &&
        forwardedFor.length <= MAX_FORWARDED_FOR_LENGTH &&
        forwardedFor.split(',').every((part) => isIP(part.trim()) !== 0)));
  if (believable) return;
  delete headers['x-forwarded-for'];
  delete headers['x-forwarded-proto'];
  delete headers['x-forwarded-host'];
}

/** The header the edge proves itself with (see HttpServerOptions.edgeSecret). */
export const EDGE_SECRET_HEADER = 'x-edge-secret';

/** Whether a presented `X-Edge-Secret` is the edge's, compared in constant time. */
export function edgeCheck(secret: string | undefined): (presented: string | string[] | undefined) => boolean {
  if (secret === undefined) return () => true;
  const expected = createHash('sha256').update(secret).digest();
  return (presented) =>
    typeof presented === 'string' &&
    timingSafeEqual(createHash('sha256').update(presented).digest(), expected);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Parses input with a contracts schema; a failure becomes 400 `{ message }` naming the problem. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, firstErrorMessage(result.error));
  return result.data;
}

/**
 * Rejects cross-site mutations: a browser always sends Origin on POST/PUT/DELETE, and Sec-Fetch-Site on
 * modern browsers. Requests with neither (curl, server-to-server) are let through: they carry no
 * ambient browser cookies.
 */
export function isCrossSiteMutation(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  allowedOrigins: string[],
): boolean {
  if (SAFE_METHODS.has(method)) return false;
  const site = headers['sec-fetch-site'];
  if (site === 'cross-site') return true;
  const origin = headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return !allowedOrigins.includes(origin);
  if (origin === 'null') return true;
  return false;
}

/** Fastify's own answers to a body it cannot read, in the product's words. */
const fastifyClientErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: requestMessages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: requestMessages.invalidJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: requestMessages.jsonExpected },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: requestMessages.payloadTooLarge },
};

/** Fastify's answers that never reach the error handler (a URL it cannot decode, an over-long id). */
const frameworkErrorMessages: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: requestMessages.malformedUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 404, message: globalMessages.notFound },
};

/** Fastify's client errors by status, for the codes not named above: never its own wording. */
function clientErrorMessage(status: number): string {
  if (status === 404) return globalMessages.notFound;
  if (status === 405) return requestMessages.methodNotAllowed;
  if (status === 413) return requestMessages.payloadTooLarge;
  if (status === 415) return requestMessages.jsonExpected;
  return requestMessages.invalidRequest;
}

/** Helmet's settings for every answer of every service. */
const HELMET_OPTIONS = {
  // A JSON API (and the uploads it streams) never needs to load or frame anything.
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginResourcePolicy: { policy: 'same-site' },
  frameguard: { action: 'deny' },
  // Sent only over TLS, by the onRequest hook: HSTS on a plain-http answer is meaningless at best.
  strictTransportSecurity: false,
} as const;

/** Headers of an answer that are the server's own, not helmet's. */
const NOT_SECURITY_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

let probedHelmetHeaders: Promise<Readonly<Record<string, string>>> | undefined;

/**
 * The security headers helmet sends with HELMET_OPTIONS, worked out once. No route has options of its
 * own and no answer nonces, so every answer gets the same headers: the plugin would build helmet's
 * middleware again and set each header on every request, a large share of a cached read's CPU. They
 * are read from a throwaway server with the plugin registered, so helmet stays the one source of them.
 */
export function helmetHeaders(): Promise<Readonly<Record<string, string>>> {
  // The same options give the same headers: worked out once per process, whatever the number of servers.
  probedHelmetHeaders ??= probeHelmetHeaders().catch((error: unknown) => {
    probedHelmetHeaders = undefined;
    throw error;
  });
  return probedHelmetHeaders;
}

async function probeHelmetHeaders(): Promise<Readonly<Record<string, string>>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async () => ({}));
  const { headers } = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const found: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (NOT_SECURITY_HEADERS.has(name) || value === undefined) continue;
    found[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  if (!found['content-security-policy']) throw new Error('helmet sent no Content-Security-Policy');
  return Object.freeze(found);
}

/** The Fastify instance every service starts from: logging, security headers, cookies, errors as `{message}`. */
export async function createHttpServer(options: HttpServerOptions): Promise<FastifyInstance> {
  const isTrusted = proxyTrust(options.trustedProxies ?? DEFAULT_TRUSTED_PROXIES);
  const sendFrameworkError = (error: Error, _request: FastifyRequest, reply: FastifyReply) => {
    const known = frameworkErrorMessages[(error as { code?: string }).code ?? ''];
    reply
      .code(known?.status ?? 400)
      .header('x-served-by', options.serviceName)
      .header('x-content-type-options', 'nosniff')
      .send({ message: known?.message ?? requestMessages.invalidRequest });
  };
  const fastifyOptions: FastifyServerOptions = {
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimit ?? 256 * 1024,
    // Only the proxies we run may name the client; everyone else is who their socket says.
    trustProxy: (address: string) => isTrusted(address),
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: sendFrameworkError,
    // Fastify's own answer while closing is `{ error, message, statusCode }`; the hook below answers
    // those requests in the product's words instead.
    return503OnClosing: false,
    // A request Node's parser refuses (bad header bytes, headers too large) before Fastify sees it.
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const status =
        error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const body = JSON.stringify({ message: requestMessages.invalidRequest });
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy(error);
    },
  };
  const app = Fastify(fastifyOptions) as unknown as FastifyInstance;
  if (options.consistencyTokens) signers.set(app, options.consistencyTokens);
  if (options.edgeSecret !== undefined) edgeSecrets.set(app, options.edgeSecret);
  const securityHeaders = await helmetHeaders();
  const peerTrusted = socketTrust(isTrusted);
  const fromEdge = edgeCheck(options.edgeSecret);
  await app.register(cookie);

  // While the service drains (a deploy, a restart), requests still arriving on open keep-alive
  // connections are turned away at once, so the edge or the client retries elsewhere.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(securityHeaders);
    if (closing) {
      return reply
        .code(503)
        .header('x-served-by', options.serviceName)
        .header('connection', 'close')
        .header('retry-after', '1')
        .send({ message: requestMessages.serviceUnavailable });
    }
    sanitizeForwardedHeaders(request.raw.headers, request.raw.socket, peerTrusted, fromEdge);
    reply.header('x-served-by', options.serviceName);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isCrossSiteMutation(request.method, request.headers, options.allowedOrigins)) {
      return reply.code(403).send({ message: requestMessages.crossSiteRequest });
    }
  });

  // Before any route's schema: a field defined without the contracts' text rules is covered too.
  app.addHook('preValidation', async (request, reply) => {
    if (containsUnsafeText(request.query) || containsUnsafeText(request.body)) {
      return reply.code(400).send({ message: requestMessages.unsafeText });
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (error instanceof ZodError) return reply.code(400).send({ message: firstErrorMessage(error) });
    const clientError = fastifyClientErrors[(error as { code?: string }).code ?? ''];
    if (clientError) return reply.code(clientError.status).send({ message: clientError.message });
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Fastify's own client errors speak Fastify ("FST_ERR_..."); a plugin's (rate limits) speak ours.
      const fromFastify = ((error as { code?: string }).code ?? '').startsWith('FST_');
      return reply
        .code(status)
        .send({ message: fromFastify ? clientErrorMessage(status) : (error as Error).message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: globalMessages.serverError });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: globalMessages.notFound }));
  return app;
}

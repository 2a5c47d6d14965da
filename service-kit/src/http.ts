import { globalMessages, requestMessages } from '@careers/contracts/messages';
import { firstErrorMessage } from '@careers/contracts/validation';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { ZodError, type z } from 'zod';
import { HttpError } from './errors.ts';
import type { Logger } from './logger.ts';

export interface HttpServerOptions {
  /** Sent back as `x-served-by`, so a request's path through the edge can be seen. */
  serviceName: string;
  logger: Logger;
  /** Origins allowed to send state-changing requests (CSRF defence). */
  allowedOrigins: string[];
  bodyLimit?: number;
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

/** The Fastify instance every service starts from: logging, security headers, cookies, errors as `{message}`. */
export async function createHttpServer(options: HttpServerOptions): Promise<FastifyInstance> {
  const fastifyOptions: FastifyServerOptions = {
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimit ?? 256 * 1024,
    trustProxy: true,
    logController: new LogController({ disableRequestLogging: true }),
  };
  const app = Fastify(fastifyOptions) as unknown as FastifyInstance;
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(cookie);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-served-by', options.serviceName);
    if (isCrossSiteMutation(request.method, request.headers, options.allowedOrigins)) {
      return reply.code(403).send({ message: requestMessages.crossSiteRequest });
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
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      return reply.code(status).send({ message: (error as Error).message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: globalMessages.serverError });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: globalMessages.notFound }));
  return app;
}

import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { Plugin } from 'vite';
// Relative, not the package name: the config loader bundles this file, and Node will not strip types
// from a .ts file reached through node_modules.
import { requestMessages } from '../contracts/src/messages.ts';
import { type EdgeTargets, routeFor } from './edge-routing.ts';

/**
 * Forwards `/api` and `/socket.io` to the services by `routeFor`. Vite's `server.proxy` picks its
 * target by path only, so the method split lives here: a small reverse proxy on node:http that keeps
 * the path, the Host, the Origin and the cookies exactly as the browser sent them.
 */

// Hop-by-hop headers (RFC 9110 section 7.6.1) belong to one connection and are not forwarded.
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer']);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!hopByHop.has(name)) kept[name] = value;
  }
  return kept;
}

/**
 * The forwarded address is the peer this edge saw, never a value the client sent: the services believe
 * X-Forwarded-For from this edge (a trusted proxy), so appending to the client's own header would let
 * anyone name any address and walk past per-address limits.
 */
function forwardedFor(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? '';
}

/** The scheme this edge was reached by: the services send HSTS only when it is https. */
function forwardedProto(req: IncomingMessage): string {
  return (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
}

/** Forwarding headers the client may not set: the edge states them itself. */
const edgeStated = new Set([
  'x-edge-secret',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'forwarded',
  'x-real-ip',
]);

function upstreamAddress(target: string): { host: string; port: number } {
  const url = new URL(target);
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
  };
}

function badGateway(res: ServerResponse, service: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ message: `Bad gateway: the ${service} is not reachable.` }));
}

export interface EdgeHandlers {
  /** Connect-style middleware: forwards API and socket.io requests, passes the rest to `next`. */
  handleRequest(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** `upgrade` listener: tunnels socket.io websockets; ignores other upgrades (Vite's HMR has its own). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
}

const serviceNames = { query: 'query-service', command: 'command-service', gateway: 'realtime-gateway' };

/**
 * `secret` is EDGE_SECRET: sent as `X-Edge-Secret`, it is what makes the services believe the
 * forwarded address (a client's own `X-Edge-Secret` is dropped with the other edge-stated headers).
 */
export function createEdgeHandlers(targets: EdgeTargets, secret?: string): EdgeHandlers {
  return {
    handleRequest(req, res, next) {
      const route = routeFor(req.method ?? 'GET', req.url ?? '/');
      if (route === 'static') {
        next();
        return;
      }
      const { host, port } = upstreamAddress(targets[route]);
      const headers = endToEnd(req.headers);
      for (const name of edgeStated) delete headers[name];
      headers['x-forwarded-for'] = forwardedFor(req);
      headers['x-forwarded-host'] = req.headers.host;
      headers['x-forwarded-proto'] = forwardedProto(req);
      if (secret !== undefined) headers['x-edge-secret'] = secret;

      const upstream = http.request({ host, port, method: req.method, path: req.url, headers }, (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.statusMessage, endToEnd(reply.headers));
        reply.pipe(res);
      });
      upstream.on('error', () => badGateway(res, serviceNames[route]));
      // The browser went away (navigation, aborted fetch): stop the upstream request too.
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
      req.pipe(upstream);
    },

    handleUpgrade(req, socket, head) {
      if (routeFor(req.method ?? 'GET', req.url ?? '/') !== 'gateway') return;
      const { host, port } = upstreamAddress(targets.gateway);
      const upstream = net.connect({ host, port });
      upstream.once('connect', () => {
        // Replay the handshake byte for byte; the gateway's 101 reply then flows back unchanged.
        const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
        for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
          if (edgeStated.has(req.rawHeaders[i]?.toLowerCase() ?? '')) continue;
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        }
        lines.push(`X-Forwarded-For: ${forwardedFor(req)}`, `X-Forwarded-Proto: ${forwardedProto(req)}`);
        if (secret !== undefined) lines.push(`X-Edge-Secret: ${secret}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        socket.pipe(upstream).pipe(socket);
      });
      upstream.on('error', () => {
        if (socket.writable) socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n');
        socket.destroy();
      });
      socket.on('error', () => upstream.destroy());
      socket.on('close', () => upstream.destroy());
      upstream.on('close', () => socket.destroy());
    },
  };
}

/**
 * A request Node's parser refuses before any middleware sees it (headers or a request line over the
 * size limit, bad bytes): answered as the services answer it, `{ message }` as JSON, where Node's
 * default is a bare status line with an empty body.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout']
        : [400, 'Bad Request'];
  const body = JSON.stringify({ message: requestMessages.invalidRequest });
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Installs the edge routing on both `vite` and `vite preview`, ahead of Vite's own middlewares. */
export function edgeRouting(targets: EdgeTargets, secret?: string): Plugin {
  const edge = createEdgeHandlers(targets, secret);
  return {
    name: 'careers:edge-routing',
    configureServer(server) {
      server.middlewares.use(edge.handleRequest);
      server.httpServer?.on('upgrade', edge.handleUpgrade);
      server.httpServer?.on('clientError', answerClientError);
    },
    configurePreviewServer(server) {
      server.middlewares.use(edge.handleRequest);
      server.httpServer.on('upgrade', edge.handleUpgrade);
      server.httpServer.on('clientError', answerClientError);
    },
  };
}

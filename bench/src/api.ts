import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { DEFAULT_PAGE_SIZE } from '@careers/contracts/constants';
import type { PostLikeState } from '@careers/contracts/entities/post';
import { API_PREFIX, apiPath, buildPath, routes } from '@careers/contracts/routes';
import { Pool } from 'undici';
import type { Outcome } from './load.ts';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A keep-alive connection pool to one server: `connections` sockets, one request at a time on each. */
/**
 * Keep-alive connections to one origin, or to several copies of a service taken in turn (each request
 * to the next), as a load balancer in front of them would spread them.
 */
export class Endpoint {
  private readonly pools: Pool[];
  private next = 0;
  constructor(origins: string | readonly string[], connections: number) {
    const list = typeof origins === 'string' ? [origins] : origins;
    this.pools = list.map(
      (origin) => new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 }),
    );
  }

  private get pool(): Pool {
    const pool = this.pools[this.next % this.pools.length] as Pool;
    this.next++;
    return pool;
  }

  async request(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: {
      cookie?: string;
      json?: unknown;
      headers?: Record<string, string>;
      discardBody?: boolean;
    } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await this.pool.request({
      method,
      path,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
    });
    if (options.discardBody) {
      // Read to the end without decoding: the connection is reused and the generator stays cheap.
      await response.body.dump({ limit: Number.MAX_SAFE_INTEGER });
      return { status: response.statusCode, headers: response.headers, body: '' };
    }
    return { status: response.statusCode, headers: response.headers, body: await response.body.text() };
  }

  async close(): Promise<void> {
    await Promise.all(this.pools.map((pool) => pool.close()));
  }
}

export function header(reply: Reply, name: string): string | undefined {
  const value = reply.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

export class HttpStatusError extends Error {
  override name = 'HttpStatusError';
  constructor(what: string, reply: Reply) {
    super(`${what}: HTTP ${reply.status} ${reply.body.slice(0, 200)}`);
  }
}

export interface BenchUser {
  id: string;
  /** `sid=<session id>`, as a browser would send it. */
  cookie: string;
}

/** What a like toggle answers (the contracts' shape). */
export type LikeState = PostLikeState;

/**
 * The product's HTTP API as the bench uses it: commands to the command-service (with the allowed
 * Origin, as a browser sends), queries to the query-service, both directly.
 */
export class ProductApi {
  readonly command: Endpoint;
  readonly query: Endpoint;
  private readonly webOrigin: string;
  constructor(command: Endpoint, query: Endpoint, webOrigin: string) {
    this.command = command;
    this.query = query;
    this.webOrigin = webOrigin;
  }

  private mutate(
    path: string,
    cookie: string | undefined,
    json?: unknown,
    discardBody = false,
  ): Promise<Reply> {
    return this.command.request('POST', `${API_PREFIX}${path}`, {
      ...(cookie ? { cookie } : {}),
      json,
      headers: { origin: this.webOrigin },
      discardBody,
    });
  }

  async register(index: number, runId: string): Promise<BenchUser> {
    const reply = await this.mutate(buildPath(routes.register), undefined, {
      firstName: 'Bench',
      lastName: `User${index}`,
      email: `bench-${runId}-${index}@example.com`,
      password: `bench-password-${index}`,
      accountType: 'job_seeker',
    });
    if (reply.status !== routes.register.status) throw new HttpStatusError('register', reply);
    const setCookie = [reply.headers['set-cookie']].flat().find((c) => c?.startsWith('sid='));
    if (!setCookie) throw new Error('register: no sid cookie in the reply');
    const { user } = JSON.parse(reply.body) as { user: { _id: string } };
    return { id: user._id, cookie: setCookie.split(';')[0] as string };
  }

  async createPost(user: BenchUser, content: string): Promise<{ postId: string; token: string }> {
    const reply = await this.mutate(buildPath(routes.createPost), user.cookie, { content });
    if (reply.status !== routes.createPost.status) throw new HttpStatusError('create post', reply);
    const { data } = JSON.parse(reply.body) as { data: { _id: string } };
    return { postId: data._id, token: header(reply, CONSISTENCY_HEADER) ?? '' };
  }

  /** `discardBody`: the caller needs only the status and headers (load loops). */
  toggleLike(user: BenchUser, postId: string, discardBody = false): Promise<Reply> {
    return this.mutate(buildPath(routes.toggleLike, { id: postId }), user.cookie, undefined, discardBody);
  }

  comment(user: BenchUser, postId: string, content: string, discardBody = false): Promise<Reply> {
    return this.mutate(buildPath(routes.addComment, { id: postId }), user.cookie, { content }, discardBody);
  }

  getPost(user: BenchUser, postId: string, token?: string): Promise<Reply> {
    return this.query.request('GET', `${API_PREFIX}${buildPath(routes.getPost, { id: postId })}`, {
      cookie: user.cookie,
      ...(token ? { headers: { [CONSISTENCY_HEADER]: token } } : {}),
    });
  }

  /** `path`: GET /api/jobs with its query string (job-searches.ts). */
  searchJobs(user: BenchUser, path: string, discardBody = false): Promise<Reply> {
    return this.query.request('GET', path, { cookie: user.cookie, discardBody });
  }

  getFeed(user: BenchUser, discardBody = false): Promise<Reply> {
    const path = `${apiPath(routes.getFeed)}?page=1&limit=${DEFAULT_PAGE_SIZE}`;
    return this.query.request('GET', path, { cookie: user.cookie, discardBody });
  }
}

/** Success (of a kind) or the HTTP status as the error name, for the load loops' counts. */
export function outcomeOf(reply: Reply, expected: number, kind?: string): Outcome {
  if (reply.status !== expected) return { ok: false, error: `HTTP ${reply.status}` };
  return kind === undefined ? { ok: true } : { ok: true, kind };
}

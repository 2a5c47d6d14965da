import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from './api/endpoints.ts';
import { buildQueryString } from './api/query-string.ts';
import {
  API_PREFIX,
  apiPath,
  buildPath,
  ErrorResponse,
  type RouteDefinition,
  type RouteName,
  routes,
} from './routes.ts';

const entries = Object.entries(routes) as [RouteName, RouteDefinition][];

const specCalls = [
  'GET /auth/me',
  'POST /auth/login',
  'POST /auth/register',
  'POST /auth/logout',
  'PUT /auth/change-password',
  'PUT /users/profile',
  'PUT /users/skills',
  'PUT /users/notifications',
  'PUT /users/appearance',
  'POST /users/profile-picture',
  'POST /users/resume',
  'DELETE /users/profile-picture',
  'DELETE /users/resume',
  'GET /users/resume',
  'GET /jobs',
  'GET /jobs/:id',
  'POST /jobs',
  'POST /jobs/:id/apply',
  'GET /jobs/my/posted',
  'GET /jobs/my/applications',
  'GET /posts/feed',
  'GET /posts/:id',
  'POST /posts',
  'POST /posts/:id/like',
  'POST /posts/:id/comments',
  'GET /posts/my/posts',
  'GET /users/connections',
  'GET /users/connections/pending',
  'GET /users/suggested-connections',
  'POST /users/:id/connect',
  'PUT /users/connections/:requestId',
  'DELETE /users/connections/:connectionId',
];

describe('the route table', () => {
  it('covers every call of the spec', () => {
    const table = entries.map(([, route]) => `${route.method} ${route.path}`);
    for (const call of specCalls) expect(table).toContain(call);
  });

  it('has paths that start with / and leave out the API prefix', () => {
    for (const [, route] of entries) {
      expect(route.path.startsWith('/')).toBe(true);
      expect(route.path.startsWith(API_PREFIX)).toBe(false);
      expect(route.path).not.toMatch(/\/$|\/\//);
    }
  });

  it('has no two routes with the same method and path', () => {
    const keys = entries.map(([, route]) => `${route.method} ${route.path.replace(/:\w+/g, ':')}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('sends GET to the query-service and everything else to the command-service', () => {
    for (const [, route] of entries) expect(route.service).toBe(route.method === 'GET' ? 'query' : 'command');
  });

  it('gives every command route a body schema or an explicit null', () => {
    for (const [name, route] of entries) {
      if (route.service === 'command') expect(Object.hasOwn(route, 'body'), name).toBe(true);
      else expect(route.body, name).toBeUndefined();
    }
  });

  it('declares a params schema exactly for the paths with :params, naming the same keys', () => {
    for (const [name, route] of entries) {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
      if (names.length === 0) {
        expect(route.params, name).toBeUndefined();
        continue;
      }
      const params = route.params;
      expect(params instanceof z.ZodObject, name).toBe(true);
      if (params instanceof z.ZodObject) expect(Object.keys(params.shape).sort()).toEqual(names.sort());
    }
  });

  it('uses multipart (and no JSON body) exactly for the four uploads', () => {
    const uploads = entries.filter(([, route]) => route.multipart).map(([name]) => name);
    expect(uploads.sort()).toEqual([
      'uploadApplicationResume',
      'uploadPostImage',
      'uploadProfilePicture',
      'uploadResume',
    ]);
    expect(routes.uploadApplicationResume.multipart.field).toBe('resume');
    expect(routes.uploadApplicationResume.body).toBeNull();
    expect(routes.uploadResume.multipart.field).toBe('resume');
    expect(routes.uploadProfilePicture.multipart.field).toBe('profilePicture');
    expect(routes.uploadPostImage.multipart.field).toBe('image');
    expect(routes.uploadPostImage.body).toBeNull();
    expect(routes.uploadResume.body).toBeNull();
  });

  it("only lets login, register, logout and a mail's signed unsubscribe through without a session", () => {
    const open = entries.filter(([, route]) => route.auth === 'public').map(([name]) => name);
    expect(open.sort()).toEqual(['login', 'logout', 'register', 'unsubscribe']);
  });

  it('answers list calls with data and pagination', () => {
    const page = routes.listJobs.response.safeParse({
      data: [],
      pagination: { currentPage: 1, totalPages: 1, totalJobs: 0, hasNext: false, hasPrev: false },
    });
    expect(page.success).toBe(true);
    expect(routes.getFeed.response.safeParse({ data: [] }).success).toBe(false);
  });
});

describe('buildPath', () => {
  const id = '01936b32-3b4c-7d5e-af60-8c7d6e5f4a55';

  it('fills in path parameters', () => {
    expect(buildPath(routes.toggleLike, { id })).toBe(`/posts/${id}/like`);
    expect(buildPath(routes.respondToConnection, { requestId: id })).toBe(`/users/connections/${id}`);
    expect(buildPath(routes.getMe)).toBe('/auth/me');
  });

  it('encodes values', () => {
    expect(buildPath({ ...routes.getJob }, { id: 'a/b?c' })).toBe('/jobs/a%2Fb%3Fc');
  });

  it('throws when a parameter is missing', () => {
    expect(() => buildPath(routes.getJob, { id: '' })).toThrow(/missing path parameter "id"/);
  });
});

describe('apiPath', () => {
  it('is the pattern a server registers, under /api', () => {
    expect(apiPath(routes.toggleLike)).toBe('/api/posts/:id/like');
    expect(apiPath(routes.getMe)).toBe('/api/auth/me');
  });
});

describe('buildQueryString', () => {
  it('leaves out unset values and repeats list keys', () => {
    expect(
      buildQueryString({ search: 'dev ops', page: 2, skills: ['Go', 'C++'], jobType: '', x: undefined }),
    ).toBe('?search=dev+ops&page=2&skills=Go&skills=C%2B%2B');
    expect(buildQueryString({})).toBe('');
  });
});

describe('ErrorResponse', () => {
  it('is { message }', () => {
    expect(ErrorResponse.parse({ message: 'Job not found' })).toEqual({ message: 'Job not found' });
    expect(ErrorResponse.safeParse({ error: 'x' }).success).toBe(false);
  });
});

describe('endpoints (api/endpoints.ts)', () => {
  it('name every route of the table with its method and path, and nothing else', () => {
    expect(Object.keys(endpoints).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, route] of Object.entries(routes)) {
      expect(endpoints[name as keyof typeof endpoints]).toEqual({
        name,
        method: route.method,
        path: route.path,
      });
    }
  });
});

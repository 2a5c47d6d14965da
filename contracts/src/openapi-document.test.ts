import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fileRoutes } from './api/file-routes.ts';
import { errorStatuses, openApiDocument, openApiPath } from './openapi-document.ts';
import { type RouteDefinition, type RouteName, routes } from './routes.ts';

const document = openApiDocument();
const entries = Object.entries(routes) as [RouteName, RouteDefinition][];

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: Record<string, unknown>;
}
interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
}

function operationOf(method: string, path: string): Operation | undefined {
  const item = (document.paths as unknown as Record<string, Record<string, Operation>>)[openApiPath(path)];
  return item?.[method.toLowerCase()];
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with a cookie session scheme', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.security).toEqual([{ sessionCookie: [] }]);
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie' });
  });

  it('writes paths under /api with {name} parameters', () => {
    expect(openApiPath('/posts/:id/like')).toBe('/api/posts/{id}/like');
    expect(openApiPath('/files/pictures/:pictureId/:size')).toBe('/api/files/pictures/{pictureId}/{size}');
    for (const path of Object.keys(document.paths)) expect(path).toMatch(/^\/api\/[^:]*$/);
  });

  it('has one operation per route of the table and per file route, and nothing else', () => {
    const operationIds = Object.values(
      document.paths as unknown as Record<string, Record<string, Operation>>,
    ).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    const expected = [
      ...entries.map(([name]) => name),
      ...Object.keys(fileRoutes).map((name) => `${name}File`),
    ];
    expect(operationIds.sort()).toEqual(expected.sort());
  });

  it.each(entries)('%s: method, path parameters, security and success response', (name, route) => {
    const operation = operationOf(route.method, route.path);
    expect(operation?.operationId).toBe(name);
    if (!operation) return;
    // The names the document's path has (two routes on one path share its names: openApiPath).
    const pathNames = [...openApiPath(route.path).matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    expect(pathNames).toHaveLength([...route.path.matchAll(/:[A-Za-z]/g)].length);
    const inPath = (operation.parameters ?? []).filter((p) => p.in === 'path');
    expect(inPath.map((p) => p.name)).toEqual(pathNames);
    for (const parameter of inPath) expect(parameter.required).toBe(true);
    expect(operation.security).toEqual(route.auth === 'public' ? [] : undefined);
    const success = operation.responses[String(route.status)];
    expect(success?.content?.['application/json']?.schema).toBeDefined();
  });

  it.each(entries)('%s: lists its error answers, all { message }', (name, route) => {
    const operation = operationOf(route.method, route.path);
    const errors = Object.keys(operation?.responses ?? {}).filter((status) => Number(status) >= 400);
    expect(errors).toEqual(errorStatuses(route, name));
    for (const status of errors) {
      const ref = operation?.responses[status]?.$ref ?? '';
      const name = ref.replace('#/components/responses/', '');
      const response = (document.components.responses as Record<string, Operation['responses'][string]>)[
        name
      ];
      expect(response?.content?.['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/ErrorResponse',
      });
    }
    expect(document.components.schemas.ErrorResponse).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
    });
  });

  it('says which routes need a session (401) and which take input (400, 413)', () => {
    expect(errorStatuses(routes.login)).not.toContain('401');
    expect(errorStatuses(routes.register)).toContain('409');
    expect(errorStatuses(routes.logout)).toEqual(['403', '429']);
    // Only the routes that hash a password can be busy.
    for (const route of [routes.login, routes.register, routes.changePassword]) {
      expect(errorStatuses(route)).toContain('503');
    }
    expect(errorStatuses(routes.createPost)).not.toContain('503');
    expect(errorStatuses(routes.removeResume)).toContain('404');
    expect(errorStatuses(routes.createPost)).toEqual(
      expect.arrayContaining(['400', '401', '403', '413', '429']),
    );
    expect(errorStatuses(routes.getFeed)).toEqual(['400', '401']);
    expect(errorStatuses(routes.toggleLike)).toEqual(['401', '403', '404', '409', '429']);
  });

  it('describes JSON bodies from the request schemas (as sent, before defaults)', () => {
    const body = operationOf('POST', routes.createPost.path)?.requestBody?.content['application/json']
      ?.schema;
    expect(body).toMatchObject({ type: 'object', required: ['content'] });
    const noBody = entries.filter(([, route]) => route.body === null && !route.multipart);
    for (const [, route] of noBody)
      expect(operationOf(route.method, route.path)?.requestBody).toBeUndefined();
  });

  it('describes the four uploads as multipart with their one file field', () => {
    const uploads = entries.filter(([, route]) => route.multipart);
    expect(uploads.map(([name]) => name).sort()).toEqual([
      'uploadApplicationResume',
      'uploadPostImage',
      'uploadProfilePicture',
      'uploadResume',
    ]);
    for (const [, route] of uploads) {
      const field = route.multipart?.field ?? '';
      const content = operationOf(route.method, route.path)?.requestBody?.content['multipart/form-data'];
      expect(content?.schema).toEqual({
        type: 'object',
        properties: { [field]: { type: 'string', format: 'binary' } },
        required: [field],
      });
    }
  });

  it('marks a query parameter required only when leaving it out is refused', () => {
    const parameters = operationOf('GET', routes.listJobs.path)?.parameters ?? [];
    const skills = parameters.find((p) => p.name === 'skills');
    expect(skills).toMatchObject({ in: 'query', required: false, style: 'form', explode: true });
    expect(skills?.schema).toMatchObject({ type: 'array' });
    expect(parameters.every((p) => p.required === false)).toBe(true);
    const shape = (routes.listJobs.query as z.ZodObject).shape;
    expect(parameters.map((p) => p.name)).toEqual(Object.keys(shape));
  });

  it('serves the files as binary, not JSON', () => {
    expect(operationOf('GET', fileRoutes.picture.path)?.responses['200']?.content).toEqual({
      'image/webp': { schema: { type: 'string', format: 'binary' } },
    });
    expect(operationOf('GET', fileRoutes.resume.path)?.responses['200']?.content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
    const size = operationOf('GET', fileRoutes.picture.path)?.parameters?.find((p) => p.name === 'size');
    expect(size?.schema).toMatchObject({ enum: ['large', 'avatar'] });
  });

  it('links each created resource to the routes that act on it, by a path parameter they take', () => {
    const all = Object.values(document.paths as unknown as Record<string, Record<string, Operation>>).flatMap(
      (item) => Object.values(item),
    );
    const byId = new Map(all.map((operation) => [operation.operationId, operation]));
    const linked = new Map<string, string[]>();
    for (const operation of all) {
      for (const response of Object.values(operation.responses)) {
        const links = (response as { links?: Record<string, { operationId: string; parameters: object }> })
          .links;
        for (const link of Object.values(links ?? {})) {
          const target = byId.get(link.operationId);
          const pathNames = (target?.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
          expect(pathNames).toEqual(Object.keys(link.parameters));
          linked.set(operation.operationId, [...(linked.get(operation.operationId) ?? []), link.operationId]);
        }
      }
    }
    expect(linked.get('createPost')?.sort()).toEqual([
      'addComment',
      'deletePost',
      'editPost',
      'getPost',
      'toggleLike',
    ]);
    expect(linked.get('createJob')?.sort()).toEqual([
      'applyToJob',
      'closeJob',
      'editJob',
      'getJob',
      'getJobApplicants',
      'saveJob',
      'unsaveJob',
    ]);
    expect(linked.get('applyToJob')?.sort()).toEqual(['moveApplication', 'withdrawApplication']);
    expect(linked.get('register')?.sort()).toEqual(['blockUser', 'connect', 'getPerson', 'unblockUser']);
    expect(linked.get('connect')?.sort()).toEqual(['respondToConnection', 'withdrawConnectionRequest']);
    // A comment is named by two parameters: its post and itself.
    expect(linked.get('addComment')?.sort()).toEqual(['deleteComment', 'editComment']);
  });
});

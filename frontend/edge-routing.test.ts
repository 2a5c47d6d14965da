// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { edgeConfigFromEnv, routeFor } from './edge-routing.ts';

describe('routeFor', () => {
  it.each([
    ['GET', '/api/jobs', 'query'],
    ['HEAD', '/api/jobs', 'query'],
    ['get', '/api/jobs?search=react', 'query'],
    ['GET', '/api', 'query'],
    ['POST', '/api/auth/login', 'command'],
    ['PUT', '/api/users/profile', 'command'],
    ['PATCH', '/api/jobs/1', 'command'],
    ['DELETE', '/api/users/connections/1', 'command'],
    ['OPTIONS', '/api/jobs', 'command'],
    ['GET', '/socket.io/?EIO=4&transport=polling', 'gateway'],
    ['POST', '/socket.io/?EIO=4&transport=polling', 'gateway'],
    ['GET', '/socket.io', 'gateway'],
    ['GET', '/', 'static'],
    ['GET', '/jobs/123', 'static'],
    ['POST', '/login', 'static'],
    ['GET', '/apix', 'static'],
    ['GET', '/assets/api/x.js', 'static'],
    ['GET', '/socket.iox', 'static'],
  ] as const)('%s %s -> %s', (method, path, route) => {
    expect(routeFor(method, path)).toBe(route);
  });
});

describe('edgeConfigFromEnv', () => {
  it('defaults to the local stack ports', () => {
    expect(edgeConfigFromEnv({})).toEqual({
      port: 5173,
      targets: {
        query: 'http://127.0.0.1:4002',
        command: 'http://127.0.0.1:4001',
        gateway: 'http://127.0.0.1:4003',
      },
    });
  });

  it('reads the targets and the port from the environment', () => {
    const config = edgeConfigFromEnv({
      WEB_PORT: '15173',
      QUERY_SERVICE_URL: 'http://query:14002/',
      COMMAND_SERVICE_URL: 'http://command:14001',
      REALTIME_GATEWAY_URL: ' ',
    });

    expect(config).toEqual({
      port: 15173,
      targets: {
        query: 'http://query:14002',
        command: 'http://command:14001',
        gateway: 'http://127.0.0.1:4003',
      },
    });
  });

  it('names the variable that is wrong', () => {
    expect(() => edgeConfigFromEnv({ WEB_PORT: 'eighty' })).toThrow(/WEB_PORT/);
    expect(() => edgeConfigFromEnv({ COMMAND_SERVICE_URL: 'command:4001' })).toThrow(/COMMAND_SERVICE_URL/);
  });
});

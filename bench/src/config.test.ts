import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('readConfig', () => {
  it('has defaults that fit the five-minute budget', () => {
    const config = readConfig({});
    expect(config.seconds).toBe(15);
    expect(config.connections).toBeGreaterThan(0);
    expect(config.openRate).toBe(0);
    expect(config.jobs).toBe(50_000);
    expect([config.networkUsers, config.networkConnections]).toEqual([10_000, 100_000]);
  });

  it('lets a quick run write a smaller network, or none', () => {
    expect(readConfig({ BENCH_NETWORK_USERS: '500', BENCH_NETWORK_CONNECTIONS: '5000' })).toMatchObject({
      networkUsers: 500,
      networkConnections: 5000,
    });
    expect(readConfig({ BENCH_NETWORK_USERS: '0' }).networkUsers).toBe(0);
    expect(() => readConfig({ BENCH_NETWORK_USERS: '-1' })).toThrow(/BENCH_NETWORK_USERS must be a number/);
  });

  it('lets a quick run write fewer jobs, or none', () => {
    expect(readConfig({ BENCH_JOBS: '2000' }).jobs).toBe(2000);
    expect(readConfig({ BENCH_JOBS: '0' }).jobs).toBe(0);
    expect(() => readConfig({ BENCH_JOBS: '1000000' })).toThrow(
      /BENCH_JOBS must be a number from 0 to 500000/,
    );
  });

  it('gives the messaging phase 200 conversations, fewer, or none', () => {
    expect(readConfig({}).messageConversations).toBe(200);
    expect(readConfig({ BENCH_MESSAGES: '50' }).messageConversations).toBe(50);
    expect(readConfig({ BENCH_MESSAGES: '0' }).messageConversations).toBe(0);
    expect(() => readConfig({ BENCH_MESSAGES: '5000' })).toThrow(
      /BENCH_MESSAGES must be a number from 0 to 1000/,
    );
  });

  it('reads BENCH_* variables, ignoring blank ones', () => {
    expect(readConfig({ BENCH_SECONDS: '3', BENCH_CONNECTIONS: '8', BENCH_USERS: ' ' })).toMatchObject({
      seconds: 3,
      connections: 8,
      users: 150,
    });
  });

  it('names every bad variable', () => {
    expect(() => readConfig({ BENCH_SECONDS: 'ten', BENCH_POSTS: '500' })).toThrow(
      /BENCH_SECONDS must be a number from 1 to 120 \(got "ten"\)\nBENCH_POSTS/,
    );
  });
});

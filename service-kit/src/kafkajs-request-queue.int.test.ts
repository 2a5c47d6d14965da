import { Kafka, logLevel } from 'kafkajs';
import { describe, expect, it, vi } from 'vitest';
import { baseEnv, loadConfig } from './config.ts';
import { kafkajsRequestQueue } from './kafkajs-request-queue.ts';

describe('a connected kafkajs client at rest', () => {
  it('runs no timer loop: no pending-request checks while idle', async () => {
    const config = loadConfig(baseEnv, process.env);
    const kafka = new Kafka({
      brokers: config.KAFKA_BROKERS,
      clientId: 'idle-check',
      logLevel: logLevel.NOTHING,
    });
    const producer = kafka.producer();
    await producer.connect();
    const checks = vi.spyOn(kafkajsRequestQueue.prototype, 'checkPendingRequests');
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Unpatched, each connection checks about once a millisecond.
      expect(checks.mock.calls.length).toBeLessThan(5);
    } finally {
      checks.mockRestore();
      await producer.disconnect();
    }
  });
});

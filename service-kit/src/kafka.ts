import { type StreamType, topicFor } from '@careers/contracts/topics';
import { type Admin, type Consumer, Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import type { Logger } from './logger.ts';

export type { Admin, Consumer, Producer };

export interface KafkaSettings {
  KAFKA_BROKERS: string[];
  KAFKA_TOPIC_PREFIX: string;
  KAFKA_TOPIC_PARTITIONS: number;
}

export function createKafka(settings: KafkaSettings, clientId: string, log: Logger): Kafka {
  const toPino = (level: logLevel) =>
    level === logLevel.ERROR
      ? 'error'
      : level === logLevel.WARN
        ? 'warn'
        : level === logLevel.INFO
          ? 'info'
          : 'debug';
  return new Kafka({
    clientId,
    brokers: settings.KAFKA_BROKERS,
    logLevel: logLevel.WARN,
    retry: { initialRetryTime: 100, retries: 8 },
    logCreator:
      () =>
      ({ level, log: entry }) => {
        const { message, ...rest } = entry;
        log[toPino(level)]({ kafka: rest }, message);
      },
  });
}

/** The topic of a stream type in this deployment (tests prefix topics so files run in parallel). */
export function topicName(
  settings: Pick<KafkaSettings, 'KAFKA_TOPIC_PREFIX'>,
  streamType: StreamType,
): string {
  return `${settings.KAFKA_TOPIC_PREFIX}${topicFor(streamType)}`;
}

export function groupName(settings: Pick<KafkaSettings, 'KAFKA_TOPIC_PREFIX'>, group: string): string {
  return `${settings.KAFKA_TOPIC_PREFIX}${group}`;
}

/** Creates missing topics with infinite retention: topics are the replayable record of the product. */
export async function ensureTopics(kafka: Kafka, settings: KafkaSettings, names: string[]): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = names.filter((name) => !existing.has(name));
    if (missing.length === 0) return;
    try {
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({
          topic,
          numPartitions: settings.KAFKA_TOPIC_PARTITIONS,
          replicationFactor: 1,
          configEntries: [
            { name: 'retention.ms', value: '-1' },
            { name: 'cleanup.policy', value: 'delete' },
          ],
        })),
      });
    } catch (error) {
      // Another process created some of them at the same moment: fine, as long as all exist now.
      const now = new Set(await admin.listTopics());
      if (!missing.every((name) => now.has(name))) throw error;
    }
  } finally {
    await admin.disconnect();
  }
}

/** Idempotent producer, acks=all, one request in flight: per-key order survives retries. */
export function createIdempotentProducer(kafka: Kafka): Producer {
  return kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
    allowAutoTopicCreation: false,
  });
}

export function createConsumer(kafka: Kafka, groupId: string): Consumer {
  return kafka.consumer({
    groupId,
    sessionTimeout: 15_000,
    heartbeatInterval: 1_000,
    rebalanceTimeout: 10_000,
    maxWaitTimeInMs: 50,
    allowAutoTopicCreation: false,
  });
}

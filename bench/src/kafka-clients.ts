/**
 * Kafka clients compared for issue 58 (`npm run -w bench kafka-clients`, against the local stack's
 * broker): kafkajs as the services use it (service-kit/src/kafka.ts) and @platformatic/kafka, with the
 * classic group protocol and static membership, and with the new consumer group protocol (KIP-848).
 *
 * - **Throughput**: a child process per client writes KAFKA_CLIENTS_MESSAGES messages of 300 bytes
 *   (idempotent, acks from every replica, 500 a request, to two partitions) and reads them back in a
 *   new group; it prints the rates and its own CPU per message.
 * - **Healing**: a member of a group reads in a child process; it is killed with SIGKILL (no leave) and
 *   a new one started at once with the same settings, as a supervisor would. The parent writes a
 *   message every 100 ms throughout and prints how long after the kill the new member received the
 *   first message written after it.
 *
 * Each run makes topics and groups of its own (`t.kafka-clients.<id>.*`) and deletes the topics.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { baseEnv, loadConfig } from '@careers/service-kit/config';
import {
  CONSUMER_HEARTBEAT_INTERVAL_MS,
  CONSUMER_SESSION_TIMEOUT_MS,
  createConsumer,
  createIdempotentProducer,
  createKafka,
  ensureTopics,
} from '@careers/service-kit/kafka';
import { createLogger } from '@careers/service-kit/logger';
import {
  Consumer as PlatformaticConsumer,
  Producer as PlatformaticProducer,
  stringDeserializers,
  stringSerializers,
} from '@platformatic/kafka';

type Client = 'kafkajs' | 'platformatic-static' | 'platformatic-kip848';
const CLIENTS: Client[] = ['kafkajs', 'platformatic-static', 'platformatic-kip848'];
const MESSAGES = Number(process.env.KAFKA_CLIENTS_MESSAGES ?? 100_000);
const PER_REQUEST = 500;
const VALUE = 'x'.repeat(300);
/** How long a replacement is given to read again. */
const HEAL_LIMIT_MS = 60_000;
/** The longest a child process lives. */
const CHILD_LIMIT_MS = 180_000;

const config = loadConfig(baseEnv, { ...process.env, KAFKA_TOPIC_PARTITIONS: '2' });
const log = createLogger('kafka-clients', 'error');
const brokers = config.KAFKA_BROKERS;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

/** A reader of `topic` in `group`, from its committed offsets or the latest, that prints `{ got: value }` for each message. */
async function member(client: Client, topic: string, group: string): Promise<void> {
  if (client === 'kafkajs') {
    const consumer = createConsumer(createKafka(config, 'kafka-clients', log), group, {
      minBytes: 1,
      maxWaitMs: 100,
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: false });
    await consumer.run({
      eachMessage: async ({ message }) => {
        print({ got: message.value?.toString() });
      },
    });
    return;
  }
  const consumer = new PlatformaticConsumer({
    clientId: 'kafka-clients',
    bootstrapBrokers: brokers,
    groupId: group,
    deserializers: stringDeserializers,
    maxWaitTime: 100,
    minBytes: 1,
    // Under KIP-848 a static member's instance id stays the dead member's until its session ends (a
    // new member with it is refused), so that protocol is measured with a member of its own.
    ...(client === 'platformatic-kip848'
      ? { groupProtocol: 'consumer' as const }
      : {
          groupInstanceId: `${group}-member`,
          sessionTimeout: CONSUMER_SESSION_TIMEOUT_MS,
          heartbeatInterval: CONSUMER_HEARTBEAT_INTERVAL_MS,
        }),
  });
  const stream = await consumer.consume({
    topics: [topic],
    mode: 'committed',
    fallbackMode: 'latest',
    autocommit: 100,
  });
  stream.on('data', (message) => print({ got: message.value }));
}

/** Writes MESSAGES messages, reads them back in a new group; prints rates and CPU per message. */
async function throughput(client: Client, topic: string, group: string): Promise<void> {
  const batch = (from: number) =>
    Array.from({ length: PER_REQUEST }, (_, i) => ({ key: `k${(from + i) % 64}`, value: VALUE }));
  let started = performance.now();
  let cpu = cpuMs();
  if (client === 'kafkajs') {
    const producer = createIdempotentProducer(createKafka(config, 'kafka-clients', log));
    await producer.connect();
    for (let sent = 0; sent < MESSAGES; sent += PER_REQUEST) {
      await producer.send({ topic, acks: -1, messages: batch(sent) });
    }
    await producer.disconnect();
  } else {
    const producer = new PlatformaticProducer({
      clientId: 'kafka-clients',
      bootstrapBrokers: brokers,
      idempotent: true,
      acks: -1,
      serializers: stringSerializers,
    });
    for (let sent = 0; sent < MESSAGES; sent += PER_REQUEST) {
      await producer.send({ messages: batch(sent).map((m) => ({ ...m, topic })) });
    }
    await producer.close();
  }
  const wrote = { seconds: (performance.now() - started) / 1000, cpu: cpuMs() - cpu };
  started = performance.now();
  cpu = cpuMs();
  let read = 0;
  let done!: () => void;
  const all = new Promise<void>((resolve) => {
    done = resolve;
  });
  const count = () => {
    read++;
    if (read === MESSAGES) done();
  };
  let stop: () => Promise<unknown>;
  if (client === 'kafkajs') {
    const consumer = createConsumer(createKafka(config, 'kafka-clients', log), group);
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({ eachBatch: async ({ batch: fetched }) => fetched.messages.forEach(count) });
    stop = () => consumer.disconnect();
  } else {
    // Values as Buffers, as kafkajs gives them and the services decode them.
    const consumer = new PlatformaticConsumer({
      clientId: 'kafka-clients',
      bootstrapBrokers: brokers,
      groupId: group,
    });
    const stream = await consumer.consume({ topics: [topic], mode: 'earliest', autocommit: 1_000 });
    // Flowing, one callback a message: an async iterator costs a promise a message on top.
    stream.on('data', count);
    stop = () => consumer.close(true);
  }
  await all;
  const readBack = { seconds: (performance.now() - started) / 1000, cpu: cpuMs() - cpu };
  await stop();
  print({
    client,
    written: Math.round(MESSAGES / wrote.seconds),
    writeCpuUs: Math.round(((wrote.cpu * 1000) / MESSAGES) * 10) / 10,
    read: Math.round(MESSAGES / readBack.seconds),
    readCpuUs: Math.round(((readBack.cpu * 1000) / MESSAGES) * 10) / 10,
  });
}

function child(args: string[]): { process: ChildProcess; lines: AsyncIterableIterator<string> } {
  const started = spawn(process.execPath, [fileURLToPath(import.meta.url), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: started.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  return { process: started, lines };
}

/** Lines of a child until `until` holds for one (that one returned), or the child ends. */
async function readUntil(lines: AsyncIterableIterator<string>, until: (line: { got?: string }) => boolean) {
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    const line = JSON.parse(next.value) as { got?: string };
    if (until(line)) return line;
  }
  throw new Error('the member ended');
}

/** Seconds from a member's SIGKILL until its replacement receives a message written after the kill. */
async function healing(client: Client, id: string): Promise<string> {
  const topic = `t.kafka-clients.${id}.heal-${client}`;
  const group = `t.kafka-clients.${id}.heal-${client}`;
  const kafka = createKafka(config, 'kafka-clients', log);
  await ensureTopics(kafka, config, [topic]);
  const producer = createIdempotentProducer(kafka);
  await producer.connect();
  let sequence = 0;
  const sentAt = new Map<string, number>();
  const ticking = setInterval(() => {
    const value = `m${sequence++}`;
    sentAt.set(value, performance.now());
    void producer.send({ topic, messages: [{ key: value, value }] });
  }, 100);
  try {
    const first = child(['member', client, topic, group]);
    await readUntil(first.lines, (line) => line.got !== undefined);
    const killedAt = performance.now();
    first.process.kill('SIGKILL');
    const second = child(['member', client, topic, group]);
    const gaveUp = new Promise<'gave up'>((resolve) => setTimeout(() => resolve('gave up'), HEAL_LIMIT_MS));
    const healed = await Promise.race([
      readUntil(second.lines, (line) => (sentAt.get(line.got ?? '') ?? 0) > killedAt).then(
        () => `${((performance.now() - killedAt) / 1000).toFixed(2)}`,
      ),
      gaveUp.then(() => `more than ${HEAL_LIMIT_MS / 1000}`),
    ]);
    second.process.kill('SIGKILL');
    return healed;
  } finally {
    clearInterval(ticking);
    await producer.disconnect();
  }
}

async function main(): Promise<void> {
  const [mode, client, topic, group] = process.argv.slice(2) as [string, Client, string, string];
  if (mode === 'member' || mode === 'throughput') {
    // A child ends by itself, should its parent be gone or a read never finish.
    setTimeout(() => process.exit(1), CHILD_LIMIT_MS).unref();
  }
  if (mode === 'member') {
    await member(client, topic, group);
    return;
  }
  if (mode === 'throughput') {
    await throughput(client, topic, group);
    process.exit(0);
  }
  const id = randomBytes(4).toString('hex');
  const kafka = createKafka(config, 'kafka-clients', log);
  const topics: string[] = [];
  try {
    console.log(
      `client                 written/s  CPU µs   read/s  CPU µs   (${MESSAGES} messages of 300 bytes)`,
    );
    for (const client of CLIENTS) {
      if (client === 'platformatic-kip848') continue; // the same reads and writes as platformatic-static
      const topic = `t.kafka-clients.${id}.${client}`;
      topics.push(topic);
      await ensureTopics(kafka, config, [topic]);
      const run = child(['throughput', client, topic, `${topic}.group`]);
      const result = JSON.parse((await run.lines.next()).value as string);
      console.log(
        `${client.padEnd(22)} ${String(result.written).padStart(9)} ${String(result.writeCpuUs).padStart(7)} ${String(result.read).padStart(8)} ${String(result.readCpuUs).padStart(7)}`,
      );
    }
    console.log(
      'client                 a member SIGKILLed and started again: reading new messages after (s)',
    );
    for (const client of CLIENTS) {
      topics.push(`t.kafka-clients.${id}.heal-${client}`);
      console.log(`${client.padEnd(22)} ${await healing(client, id)}`);
    }
  } finally {
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteTopics({ topics }).catch(() => {});
    await admin.disconnect();
  }
  process.exit(0);
}

await main();

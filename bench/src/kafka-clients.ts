/**
 * Kafka clients compared for issue 58 (`npm run -w bench kafka-clients`, against the local stack's
 * broker): @platformatic/kafka with the classic group protocol and static membership, as the services
 * use it (service-kit's `createIdempotentProducer` and `GroupConsumer`), and a consumer of its own on
 * the new consumer group protocol (KIP-848). kafkajs, which the services used before, is no longer a
 * dependency; its figures are kept in docs/performance.md, from the 2026-11-30 runs.
 *
 * - **Throughput**: a child process writes KAFKA_CLIENTS_MESSAGES messages of 300 bytes with the
 *   relay's producer (idempotent, acks from every replica, 500 a request, to two partitions) and reads
 *   them back in a new group with a `GroupConsumer` (offsets committed once a second); it prints the
 *   rates and its own CPU per message. The KIP-848 variant writes and reads the same way, so only the
 *   static one is measured.
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
import { GroupConsumer } from '@careers/service-kit/group-consumer';
import {
  createIdempotentProducer,
  createKafka,
  ensureTopics,
  IntervalOffsetCommitter,
  withAdmin,
} from '@careers/service-kit/kafka';
import { createLogger } from '@careers/service-kit/logger';
import { Consumer as PlatformaticConsumer, stringDeserializers } from '@platformatic/kafka';

type Client = 'platformatic-static' | 'platformatic-kip848';
const CLIENTS: Client[] = ['platformatic-static', 'platformatic-kip848'];
const MESSAGES = Number(process.env.KAFKA_CLIENTS_MESSAGES ?? 100_000);
const PER_REQUEST = 500;
const VALUE = 'x'.repeat(300);
/** How long a replacement is given to read again. */
const HEAL_LIMIT_MS = 60_000;
/** The longest a child process lives. */
const CHILD_LIMIT_MS = 180_000;

// Only the Kafka settings are used: no secrets needed (as in the tests).
const config = loadConfig(baseEnv, { NODE_ENV: 'test', ...process.env, KAFKA_TOPIC_PARTITIONS: '2' });
const log = createLogger('kafka-clients', 'error');
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

/** A reader of `topic` in `group`, from its committed offsets or the latest, that prints `{ got: value }` for each message. */
async function member(client: Client, topic: string, group: string): Promise<void> {
  const kafka = createKafka(config, 'kafka-clients', log);
  if (client === 'platformatic-static') {
    // As the projector's copies read: a static member (`groupInstanceId`) with the product's session
    // timeout, committing after each batch; eager fetches, so the first message after the kill shows.
    const consumer = new GroupConsumer({
      kafka,
      groupId: group,
      groupInstanceId: `${group}-member`,
      topics: [topic],
      fromBeginning: false,
      log,
      minBytes: 1,
      maxWaitMs: 100,
      eachBatch: async (batch, handle) => {
        for (const message of batch.messages) print({ got: message.value?.toString() });
        const last = batch.messages.at(-1);
        if (last) {
          const offset = (BigInt(last.offset) + 1n).toString();
          await handle.commitOffsets([{ topic: batch.topic, partition: batch.partition, offset }]);
        }
      },
    });
    consumer.start();
    return;
  }
  // Under KIP-848 a static member's instance id stays the dead member's until its session ends (a new
  // member with it is refused), so that protocol is measured with a member of its own.
  const consumer = new PlatformaticConsumer({
    ...kafka.options(),
    groupId: group,
    groupProtocol: 'consumer',
    deserializers: stringDeserializers,
    maxWaitTime: 100,
    minBytes: 1,
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
  const kafka = createKafka(config, 'kafka-clients', log);
  const batch = (from: number) =>
    Array.from({ length: PER_REQUEST }, (_, i) => ({ topic, key: `k${(from + i) % 64}`, value: VALUE }));
  let started = performance.now();
  let cpu = cpuMs();
  const producer = createIdempotentProducer(kafka);
  for (let sent = 0; sent < MESSAGES; sent += PER_REQUEST) {
    await producer.send({ messages: batch(sent) });
  }
  await producer.close();
  const wrote = { seconds: (performance.now() - started) / 1000, cpu: cpuMs() - cpu };
  started = performance.now();
  cpu = cpuMs();
  let read = 0;
  let done!: () => void;
  const all = new Promise<void>((resolve) => {
    done = resolve;
  });
  // As the services read: batches of Buffers from a `GroupConsumer`, the offsets committed at most
  // once a second (as the gateway commits its own).
  const offsets = new IntervalOffsetCommitter(1_000, log);
  const consumer = new GroupConsumer({
    kafka,
    groupId: group,
    topics: [topic],
    fromBeginning: true,
    log,
    eachBatch: async (fetched, handle) => {
      read += fetched.messages.length;
      const last = fetched.messages.at(-1);
      if (last) offsets.mark(handle, fetched.topic, fetched.partition, last.offset);
      if (read >= MESSAGES) done();
    },
  });
  consumer.start();
  await all;
  const readBack = { seconds: (performance.now() - started) / 1000, cpu: cpuMs() - cpu };
  offsets.stop();
  await consumer.stop();
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
  let sequence = 0;
  const sentAt = new Map<string, number>();
  const ticking = setInterval(() => {
    const value = `m${sequence++}`;
    sentAt.set(value, performance.now());
    // A send that fails (or is cut short by the close at the end) only leaves a gap in the ticks.
    producer.send({ messages: [{ topic, key: value, value }] }).catch(() => {});
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
    await producer.close();
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
    await withAdmin(kafka, (admin) => admin.deleteTopics({ topics })).catch(() => {});
  }
  process.exit(0);
}

await main();

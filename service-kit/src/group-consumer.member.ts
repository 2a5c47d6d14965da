/**
 * A static member of a group for `group-consumer.int.test.ts`, in a process of its own so that the test
 * can SIGKILL it: `node group-consumer.member.ts TOPIC GROUP INSTANCE` prints each value it reads, one a
 * line. It reads from the group's committed offsets, or the newest, and commits after each batch.
 */
import { baseEnv, loadConfig } from './config.ts';
import { GroupConsumer } from './group-consumer.ts';
import { createKafka, EAGER_FETCH_MAX_WAIT_MS, EAGER_FETCH_MIN_BYTES } from './kafka.ts';
import { createLogger } from './logger.ts';

const [topic = '', groupId = '', groupInstanceId = ''] = process.argv.slice(2);
// Never outlives its test.
setTimeout(() => process.exit(1), 60_000).unref();
const log = createLogger('group-consumer-member', 'error');
const reader = new GroupConsumer({
  kafka: createKafka(loadConfig(baseEnv, process.env), 'group-consumer-member', log),
  groupId,
  groupInstanceId,
  topics: [topic],
  fromBeginning: false,
  minBytes: EAGER_FETCH_MIN_BYTES,
  maxWaitMs: EAGER_FETCH_MAX_WAIT_MS,
  log,
  eachBatch: async (batch, handle) => {
    for (const m of batch.messages) process.stdout.write(`${m.value?.toString() ?? ''}\n`);
    const last = batch.messages.at(-1);
    if (last) {
      await handle.commitOffsets([
        { topic: batch.topic, partition: batch.partition, offset: (BigInt(last.offset) + 1n).toString() },
      ]);
    }
  },
});
reader.start();

import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { routes } from '@careers/contracts/routes';
import { header, outcomeOf, type ProductApi } from './api.ts';
import type { BenchConfig } from './config.ts';
import { type CpuPerRequest, type CpuUsage, cpuPerRequest, type Meter } from './cpu.ts';
import type { LoadResult } from './load.ts';
import { type Population, pick } from './measure-setup.ts';
import { type Comparison, measureClosedLoop, versusBaseline } from './versus-baseline.ts';

/** `app.byKind` holds the likes and the comments apart. */
export type CommandsResult = Comparison & {
  /**
   * CPU per acknowledged like or comment over the measured window, summed over every process of the
   * product. Absent from reports made before it was measured.
   */
  cpuPerCommand?: CpuPerRequest;
  /** The same loop against two copies of each service (BENCH_COPIES=2), spread over both in turn. */
  twoCopies?: CopiesResult;
};

/** A run of the command loop against several copies of each service. */
export interface CopiesResult {
  copies: number;
  app: LoadResult;
  cpu: CpuUsage[];
  cpuPerCommand: CpuPerRequest;
}

/** What the whole pipeline may spend on one acknowledged command, every process together. */
export const CPU_PER_COMMAND_MS = 1.5;

/**
 * Signed-in users toggling likes on random posts, with some comments, against a bare endpoint doing one
 * INSERT into the same Postgres, under the same concurrency.
 */
/** One like toggle or comment by a random user on a random post, as the command loop sends them. */
function sendCommand(api: ProductApi, population: Population, config: BenchConfig) {
  return async () => {
    const user = pick(population.users);
    const postId = pick(population.postIds);
    if (Math.random() < config.commentShare) {
      const reply = await api.comment(user, postId, 'Congratulations, well deserved!', true);
      return outcomeOf(reply, routes.addComment.status, 'comment');
    }
    return outcomeOf(await api.toggleLike(user, postId, true), routes.toggleLike.status, 'like');
  };
}

export async function measureCommands(
  api: ProductApi,
  population: Population,
  insertBaselineUrl: string,
  config: BenchConfig,
  meter: Meter,
  progress: (line: string) => void,
): Promise<CommandsResult> {
  const comparison = await versusBaseline({
    config,
    meter,
    progress,
    product: {
      what: `likes and comments (${Math.round(config.commentShare * 100)}% comments)`,
      send: sendCommand(api, population, config),
    },
    baseline: { what: 'bare INSERT baseline', url: insertBaselineUrl, method: 'POST', path: '/insert' },
  });
  const cpuPerCommand = cpuPerRequest(comparison.cpu.app, comparison.app.ok);
  progress(
    `  CPU per acknowledged command, all product processes: ${cpuPerCommand.totalMs.toFixed(2)} ms (` +
      cpuPerCommand.byProcess
        .filter((p) => p.kind !== 'baseline')
        .map((p) => `${p.name} ${p.ms.toFixed(2)}`)
        .join(', ') +
      ')',
  );
  return { ...comparison, cpuPerCommand };
}

/**
 * The command loop again, against `copies` copies of each service (`api` spreads its requests over
 * them in turn, as the edge's upstream would), with CPU per acknowledged command over every process,
 * the copies included. On two cores the rate need not rise; no command may fail.
 */
export async function measureCommandsOnCopies(
  api: ProductApi,
  copies: number,
  population: Population,
  config: BenchConfig,
  meter: Meter,
  progress: (line: string) => void,
): Promise<CopiesResult> {
  const { result, cpu } = await measureClosedLoop(
    { config, meter, progress },
    `likes and comments, ${copies} copies of each service`,
    sendCommand(api, population, config),
  );
  const cpuPerCommand = cpuPerRequest(cpu, result.ok);
  progress(
    `  CPU per acknowledged command, ${copies} copies: ${cpuPerCommand.totalMs.toFixed(2)} ms (` +
      cpuPerCommand.byProcess
        .filter((p) => p.kind === 'service' && p.ms > 0)
        .map((p) => `${p.name} ${p.ms.toFixed(2)}`)
        .join(', ') +
      ')',
  );
  return { copies, app: result, cpu, cpuPerCommand };
}

/**
 * Resolves once a like sent now is on the read side (the query-service waits on its consistency
 * token): after copies leave their consumer groups, the groups have settled and the backlog is applied.
 */
export async function settled(api: ProductApi, population: Population, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const user = pick(population.users);
  const postId = pick(population.postIds);
  for (;;) {
    const liked = await api.toggleLike(user, postId);
    const token = header(liked, CONSISTENCY_HEADER);
    if (liked.status === routes.toggleLike.status && token) {
      const read = await api.getPost(user, postId, token);
      const isLiked = (body: string) => (JSON.parse(body) as { data?: { isLiked?: boolean } }).data?.isLiked;
      // The read waits on the token for a moment, then answers what it has: compare the states.
      if (read.status === 200 && isLiked(read.body) === isLiked(liked.body)) return;
    }
    if (Date.now() > deadline) throw new Error('the read side did not settle after the copies left');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

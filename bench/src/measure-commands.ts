import { routes } from '@careers/contracts/routes';
import { outcomeOf, type ProductApi } from './api.ts';
import type { BenchConfig } from './config.ts';
import { type CpuPerRequest, cpuPerRequest, type Meter } from './cpu.ts';
import { type Population, pick } from './measure-setup.ts';
import { type Comparison, versusBaseline } from './versus-baseline.ts';

/** `app.byKind` holds the likes and the comments apart. */
export type CommandsResult = Comparison & {
  /**
   * CPU per acknowledged like or comment over the measured window, summed over every process of the
   * product. Absent from reports made before it was measured.
   */
  cpuPerCommand?: CpuPerRequest;
};

/** What the whole pipeline may spend on one acknowledged command, every process together. */
export const CPU_PER_COMMAND_MS = 1.5;

/**
 * Signed-in users toggling likes on random posts, with some comments, against a bare endpoint doing one
 * INSERT into the same Postgres, under the same concurrency.
 */
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
      send: async () => {
        const user = pick(population.users);
        const postId = pick(population.postIds);
        if (Math.random() < config.commentShare) {
          const reply = await api.comment(user, postId, 'Congratulations, well deserved!', true);
          return outcomeOf(reply, routes.addComment.status, 'comment');
        }
        return outcomeOf(await api.toggleLike(user, postId, true), routes.toggleLike.status, 'like');
      },
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

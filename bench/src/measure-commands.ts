import { routes } from '@careers/contracts/routes';
import { outcomeOf, type ProductApi } from './api.ts';
import type { BenchConfig } from './config.ts';
import type { Meter } from './cpu.ts';
import { type Population, pick } from './measure-setup.ts';
import { type Comparison, versusBaseline } from './versus-baseline.ts';

/** `app.byKind` holds the likes and the comments apart. */
export type CommandsResult = Comparison;

/**
 * Signed-in users toggling likes on random posts, with some comments, against a bare endpoint doing one
 * INSERT into the same Postgres, under the same concurrency.
 */
export function measureCommands(
  api: ProductApi,
  population: Population,
  insertBaselineUrl: string,
  config: BenchConfig,
  meter: Meter,
  progress: (line: string) => void,
): Promise<CommandsResult> {
  return versusBaseline({
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
}

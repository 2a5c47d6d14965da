import { API_PREFIX, routes } from '@careers/contracts/routes';
import { type BenchUser, outcomeOf, type ProductApi } from './api.ts';
import type { BenchConfig } from './config.ts';
import type { Meter } from './cpu.ts';
import { type Population, pick } from './measure-setup.ts';
import type { StartJsonBaseline } from './topology.ts';
import { type Comparison, versusBaseline } from './versus-baseline.ts';

export type FeedResult =
  | (Comparison & {
      status: 'measured';
      /** Size of the feed page the baseline serves, and how many posts it holds. */
      bodyBytes: number;
      postsOnPage: number;
    })
  | { status: 'missing'; reason: string };

/** One reader's first feed page as the product answers it, or why the feed cannot be measured. */
export async function sampleFeed(
  api: ProductApi,
  user: BenchUser,
): Promise<{ status: 'ok'; body: string } | { status: 'missing'; reason: string }> {
  const sample = await api.getFeed(user);
  if (sample.status === 404) {
    return {
      status: 'missing',
      reason: `feed route missing: GET ${API_PREFIX}${routes.getFeed.path} answered 404`,
    };
  }
  if (sample.status !== routes.getFeed.status) {
    return {
      status: 'missing',
      reason: `feed route failed: HTTP ${sample.status} ${sample.body.slice(0, 200)}`,
    };
  }
  return { status: 'ok', body: sample.body };
}

/**
 * Signed-in users reading their feed, against a bare endpoint answering from memory the exact body a
 * real feed read returned just before, under the same concurrency.
 */
export async function measureFeed(
  api: ProductApi,
  population: Population,
  startJsonBaseline: StartJsonBaseline,
  config: BenchConfig,
  meter: Meter,
  progress: (line: string) => void,
): Promise<FeedResult> {
  const sample = await sampleFeed(api, population.users[0] as BenchUser);
  if (sample.status === 'missing') return sample;
  const postsOnPage = (JSON.parse(sample.body) as { data: unknown[] }).data.length;
  const bodyBytes = Buffer.byteLength(sample.body);
  const comparison = await versusBaseline({
    config,
    meter,
    progress,
    product: {
      what: `feed reads (${postsOnPage} posts a page)`,
      send: async () => outcomeOf(await api.getFeed(pick(population.users), true), routes.getFeed.status),
    },
    baseline: {
      what: `in-memory JSON baseline (the same ${bodyBytes}-byte body)`,
      url: await startJsonBaseline('feed', { '/feed': sample.body }),
      method: 'GET',
      path: '/feed',
    },
  });
  return { status: 'measured', ...comparison, bodyBytes, postsOnPage };
}

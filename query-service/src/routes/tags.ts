import { routes } from '@careers/contracts/routes';
import type { QueryRouteDeps } from './deps.ts';
import { registerQuery } from './register-query.ts';

/**
 * GET /api/tags/:tag (a tag's page header) and GET /api/users/followed-tags. Neither is cached: each is
 * one or two statements through an index (the posts' tag keys, the follows by person and by tag), and
 * a read after a follow waits for its token's checkpoint, which the batch that applied it moved in the
 * same transaction. A tag's page asks the two models that own its parts at once: the posts model
 * counts the posts carrying it that the reader may see, the tag-follows model its followers.
 */
export function registerTagQueries(deps: QueryRouteDeps): void {
  const { posts, tagFollows } = deps;

  registerQuery(deps, routes.getTag, async ({ viewerId, params }) => {
    const [postsCount, followers] = await Promise.all([
      posts.taggedCount(viewerId, params.tag),
      tagFollows.followersOf(params.tag, viewerId),
    ]);
    // The tag as asked for (its `#` taken off by TagParams): the page shows the spelling in its URL.
    return { data: { tag: params.tag, postsCount, ...followers } };
  });

  registerQuery(deps, routes.getFollowedTags, async ({ viewerId }) => ({
    data: await tagFollows.ofUser(viewerId),
  }));
}

import { z } from 'zod';
import { FollowedTag, TagFollowState, TagSummary } from '../entities/tag.ts';
import { TagParams } from '../requests/route-params.ts';
import { defineRoute } from './define-route.ts';
import { dataResponse } from './responses.ts';

/**
 * Beyond the spec: tags a person follows. A tag's posts are `GET /posts/feed?tags=word`; the feed with
 * `following=true` holds posts by the reader's connections and posts carrying a tag they follow.
 */
export const tagRoutes = {
  getTag: defineRoute({
    method: 'GET',
    path: '/tags/:tag',
    service: 'query',
    auth: 'required',
    params: TagParams,
    status: 200,
    response: dataResponse(TagSummary),
    summary: "A tag's page header: its posts and followers counted, and whether the reader follows it.",
  }),
  followTag: defineRoute({
    method: 'PUT',
    path: '/tags/:tag/follow',
    service: 'command',
    auth: 'required',
    params: TagParams,
    body: null,
    status: 200,
    response: dataResponse(TagFollowState),
    summary: 'Follows a tag (following it again changes nothing).',
  }),
  unfollowTag: defineRoute({
    method: 'DELETE',
    path: '/tags/:tag/follow',
    service: 'command',
    auth: 'required',
    params: TagParams,
    body: null,
    status: 200,
    response: dataResponse(TagFollowState),
    summary: 'Stops following a tag (a tag not followed changes nothing).',
  }),
  getFollowedTags: defineRoute({
    method: 'GET',
    path: '/users/followed-tags',
    service: 'query',
    auth: 'required',
    status: 200,
    response: dataResponse(z.array(FollowedTag)),
    summary: 'The tags the reader follows, newest first.',
  }),
} as const;

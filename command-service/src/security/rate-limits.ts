import { type MutationRateLimitClass, mutationRateLimits } from '@careers/contracts/constants';
import { apiPath, type RouteName, routes } from '@careers/contracts/routes';
import type { Redis } from '@careers/service-kit';
import {
  type RateLimitOptions,
  type RouteRateLimit,
  registerRateLimits,
} from '@careers/service-kit/rate-limit';
import type { FastifyInstance } from 'fastify';

type CommandRouteName = {
  [N in RouteName]: (typeof routes)[N]['service'] extends 'command' ? N : never;
}[RouteName];

/**
 * The limit class of every command route. Exhaustive on purpose: a new command route does not compile
 * until it is given a class (contracts' mutationRateLimits names the numbers).
 */
export const commandRateLimitClasses = {
  login: 'signIn',
  register: 'signIn',
  logout: 'signIn',
  changePassword: 'passwordChanges',
  updateProfile: 'profileSaves',
  updateSkills: 'profileSaves',
  updateNotifications: 'settings',
  updateAppearance: 'settings',
  uploadProfilePicture: 'uploads',
  removeProfilePicture: 'profileSaves',
  uploadResume: 'uploads',
  removeResume: 'profileSaves',
  createJob: 'jobPosts',
  // An edit sends the whole posting again, as a post does: one counter for both.
  editJob: 'jobPosts',
  applyToJob: 'applications',
  // A resume for one application is an upload like any other.
  uploadApplicationResume: 'uploads',
  closeJob: 'hiring',
  saveJob: 'profileSaves',
  unsaveJob: 'profileSaves',
  // Following a tag keeps a list of one's own, as saving a job does.
  followTag: 'profileSaves',
  unfollowTag: 'profileSaves',
  moveApplication: 'hiring',
  withdrawApplication: 'applications',
  createPost: 'posts',
  // A picture for a post to come is an upload like any other.
  uploadPostImage: 'uploads',
  toggleLike: 'likes',
  addComment: 'comments',
  editPost: 'posts',
  deletePost: 'posts',
  editComment: 'comments',
  deleteComment: 'comments',
  connect: 'connectionRequests',
  respondToConnection: 'connectionChanges',
  withdrawConnectionRequest: 'connectionChanges',
  removeConnection: 'connectionChanges',
  markNotificationsRead: 'markRead',
  // Opening a conversation is reaching out to someone, as asking to connect is.
  startConversation: 'connectionRequests',
  sendMessage: 'messages',
  // Read receipts go out as a thread is scrolled, as notification marks do.
  markConversationRead: 'markRead',
  // Blocking and unblocking change a relationship, as removing a connection does.
  blockUser: 'connectionChanges',
  unblockUser: 'connectionChanges',
  exportMyData: 'accountData',
  // A public link, counted per client address as signing in is.
  unsubscribe: 'signIn',
  updateMailPreferences: 'profileSaves',
  deleteAccount: 'accountData',
} as const satisfies Record<CommandRouteName, MutationRateLimitClass>;

/** `POST /api/posts/:id/like` -> the route's limit. */
function limitsByRoute(): Map<string, RouteRateLimit> {
  const byRoute = new Map<string, RouteRateLimit>();
  for (const [name, limitClass] of Object.entries(commandRateLimitClasses)) {
    const route = routes[name as CommandRouteName];
    byRoute.set(`${route.method} ${apiPath(route)}`, {
      name: limitClass,
      rule: mutationRateLimits[limitClass],
      // The public routes have no user yet (or, for sign-out, may have none): they count per address.
      per: route.auth === 'public' ? 'address' : 'user',
    });
  }
  return byRoute;
}

/**
 * Holds every command route to its class's per-user limit. Registered before the routes. The user is
 * the one the request's session names, read in the same Redis call that counts and kept for the
 * pipeline; an unknown session counts per address (and is refused with 401 by the pipeline anyway).
 */
export async function registerCommandRateLimits(
  app: FastifyInstance,
  redis: Redis,
  factor: number,
): Promise<void> {
  const byRoute = limitsByRoute();
  const options: RateLimitOptions = {
    redis,
    factor,
    limitOf: (method, url) => byRoute.get(`${method} ${url}`) ?? null,
  };
  await registerRateLimits(app, options);
}

import type { HttpMethod, RouteName, Routes } from '../routes.ts';

/**
 * Where each route of the API table (routes.ts) is: its name, method and path, and nothing else. The
 * browser calls the API through these (frontend/src/lib/api-client.ts): the route table itself holds
 * every request and response schema, which would bring zod and all the schemas into the first script
 * every page loads. The types tie each entry to its route (`satisfies`): a method, a path or a route
 * that differs from routes.ts fails the type check, and routes.test.ts compares them too.
 */
export interface Endpoint<N extends RouteName = RouteName> {
  name: N;
  method: HttpMethod;
  path: string;
}

export const endpoints = {
  getMe: { name: 'getMe', method: 'GET', path: '/auth/me' },
  login: { name: 'login', method: 'POST', path: '/auth/login' },
  register: { name: 'register', method: 'POST', path: '/auth/register' },
  logout: { name: 'logout', method: 'POST', path: '/auth/logout' },
  exportMyData: { name: 'exportMyData', method: 'POST', path: '/auth/export' },
  deleteAccount: { name: 'deleteAccount', method: 'DELETE', path: '/auth/account' },
  changePassword: { name: 'changePassword', method: 'PUT', path: '/auth/change-password' },
  updateProfile: { name: 'updateProfile', method: 'PUT', path: '/users/profile' },
  updateSkills: { name: 'updateSkills', method: 'PUT', path: '/users/skills' },
  updateNotifications: { name: 'updateNotifications', method: 'PUT', path: '/users/notifications' },
  updateAppearance: { name: 'updateAppearance', method: 'PUT', path: '/users/appearance' },
  unsubscribe: { name: 'unsubscribe', method: 'POST', path: '/unsubscribe/:token' },
  getMailPreferences: { name: 'getMailPreferences', method: 'GET', path: '/users/mail-preferences' },
  updateMailPreferences: { name: 'updateMailPreferences', method: 'PUT', path: '/users/mail-preferences' },
  uploadProfilePicture: { name: 'uploadProfilePicture', method: 'POST', path: '/users/profile-picture' },
  removeProfilePicture: { name: 'removeProfilePicture', method: 'DELETE', path: '/users/profile-picture' },
  uploadResume: { name: 'uploadResume', method: 'POST', path: '/users/resume' },
  removeResume: { name: 'removeResume', method: 'DELETE', path: '/users/resume' },
  getResume: { name: 'getResume', method: 'GET', path: '/users/resume' },
  listJobs: { name: 'listJobs', method: 'GET', path: '/jobs' },
  getJob: { name: 'getJob', method: 'GET', path: '/jobs/:id' },
  createJob: { name: 'createJob', method: 'POST', path: '/jobs' },
  applyToJob: { name: 'applyToJob', method: 'POST', path: '/jobs/:id/apply' },
  uploadApplicationResume: {
    name: 'uploadApplicationResume',
    method: 'POST',
    path: '/applications/resume-uploads',
  },
  getMyPostedJobs: { name: 'getMyPostedJobs', method: 'GET', path: '/jobs/my/posted' },
  searchPeople: { name: 'searchPeople', method: 'GET', path: '/people' },
  getPerson: { name: 'getPerson', method: 'GET', path: '/people/:id' },
  siteSearch: { name: 'siteSearch', method: 'GET', path: '/search' },
  getCompany: { name: 'getCompany', method: 'GET', path: '/companies/:slug' },
  getRecommendedJobs: { name: 'getRecommendedJobs', method: 'GET', path: '/jobs/recommended' },
  getMyApplications: { name: 'getMyApplications', method: 'GET', path: '/jobs/my/applications' },
  saveJob: { name: 'saveJob', method: 'PUT', path: '/jobs/:id/saved' },
  unsaveJob: { name: 'unsaveJob', method: 'DELETE', path: '/jobs/:id/saved' },
  getSavedJobs: { name: 'getSavedJobs', method: 'GET', path: '/jobs/my/saved' },
  closeJob: { name: 'closeJob', method: 'POST', path: '/jobs/:id/close' },
  editJob: { name: 'editJob', method: 'PUT', path: '/jobs/:id' },
  getJobApplicants: { name: 'getJobApplicants', method: 'GET', path: '/jobs/:id/applications' },
  moveApplication: { name: 'moveApplication', method: 'PUT', path: '/applications/:id/status' },
  withdrawApplication: { name: 'withdrawApplication', method: 'POST', path: '/applications/:id/withdraw' },
  getFeed: { name: 'getFeed', method: 'GET', path: '/posts/feed' },
  getPost: { name: 'getPost', method: 'GET', path: '/posts/:id' },
  createPost: { name: 'createPost', method: 'POST', path: '/posts' },
  uploadPostImage: { name: 'uploadPostImage', method: 'POST', path: '/posts/images' },
  toggleLike: { name: 'toggleLike', method: 'POST', path: '/posts/:id/like' },
  addComment: { name: 'addComment', method: 'POST', path: '/posts/:id/comments' },
  editPost: { name: 'editPost', method: 'PUT', path: '/posts/:id' },
  deletePost: { name: 'deletePost', method: 'DELETE', path: '/posts/:id' },
  editComment: { name: 'editComment', method: 'PUT', path: '/posts/:id/comments/:commentId' },
  deleteComment: { name: 'deleteComment', method: 'DELETE', path: '/posts/:id/comments/:commentId' },
  getMyPosts: { name: 'getMyPosts', method: 'GET', path: '/posts/my/posts' },
  listConnections: { name: 'listConnections', method: 'GET', path: '/users/connections' },
  listPendingConnections: {
    name: 'listPendingConnections',
    method: 'GET',
    path: '/users/connections/pending',
  },
  listSentConnectionRequests: {
    name: 'listSentConnectionRequests',
    method: 'GET',
    path: '/users/connections/sent',
  },
  listSuggestedConnections: {
    name: 'listSuggestedConnections',
    method: 'GET',
    path: '/users/suggested-connections',
  },
  connect: { name: 'connect', method: 'POST', path: '/users/:id/connect' },
  respondToConnection: { name: 'respondToConnection', method: 'PUT', path: '/users/connections/:requestId' },
  withdrawConnectionRequest: {
    name: 'withdrawConnectionRequest',
    method: 'DELETE',
    path: '/users/connections/sent/:requestId',
  },
  removeConnection: { name: 'removeConnection', method: 'DELETE', path: '/users/connections/:connectionId' },
  getDashboardStats: { name: 'getDashboardStats', method: 'GET', path: '/dashboard/stats' },
  listNotifications: { name: 'listNotifications', method: 'GET', path: '/notifications' },
  getUnreadNotificationCount: {
    name: 'getUnreadNotificationCount',
    method: 'GET',
    path: '/notifications/unread-count',
  },
  markNotificationsRead: { name: 'markNotificationsRead', method: 'PUT', path: '/notifications/read' },
  getTag: { name: 'getTag', method: 'GET', path: '/tags/:tag' },
  followTag: { name: 'followTag', method: 'PUT', path: '/tags/:tag/follow' },
  unfollowTag: { name: 'unfollowTag', method: 'DELETE', path: '/tags/:tag/follow' },
  getFollowedTags: { name: 'getFollowedTags', method: 'GET', path: '/users/followed-tags' },
  listConversations: { name: 'listConversations', method: 'GET', path: '/conversations' },
  getUnreadMessageCount: {
    name: 'getUnreadMessageCount',
    method: 'GET',
    path: '/conversations/unread-count',
  },
  getConversationMessages: {
    name: 'getConversationMessages',
    method: 'GET',
    path: '/conversations/:id/messages',
  },
  startConversation: { name: 'startConversation', method: 'POST', path: '/conversations' },
  sendMessage: { name: 'sendMessage', method: 'POST', path: '/conversations/:id/messages' },
  markConversationRead: { name: 'markConversationRead', method: 'PUT', path: '/conversations/:id/read' },
  blockUser: { name: 'blockUser', method: 'PUT', path: '/users/:id/block' },
  unblockUser: { name: 'unblockUser', method: 'DELETE', path: '/users/:id/block' },
} as const satisfies {
  [N in RouteName]: { name: N; method: Routes[N]['method']; path: Routes[N]['path'] };
};

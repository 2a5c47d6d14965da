/** Redis keys of the posts read model (the client's keyPrefix isolates deployments). */
export const postKeys = {
  likes: (postId: string) => `posts:likes:${postId}`,
};

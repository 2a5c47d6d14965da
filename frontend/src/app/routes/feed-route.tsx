import { useAuth } from '../../features/auth/components/auth-provider';
import { FeedScreen } from '../../features/feed/components/feed-screen';

/** Hands the reader's id to the feed, which tells their own new posts from other people's. */
export function FeedRoute() {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return null;
  return <FeedScreen viewerId={auth.user._id} />;
}

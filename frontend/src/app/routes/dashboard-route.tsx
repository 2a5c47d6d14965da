import { LoadingState } from '../../components/loading-state';
import { useAuth } from '../../features/auth/components/auth-provider';
import { DashboardScreen } from '../../features/dashboard/components/dashboard-screen';
import { RecentActivity } from '../../features/feed/components/recent-activity';

/** Puts the dashboard together from the features that feed it. */
export function DashboardRoute() {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return <LoadingState />;
  return <DashboardScreen firstName={auth.user.firstName} recentActivity={<RecentActivity />} />;
}

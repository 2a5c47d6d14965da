import { screenMessages } from '@careers/contracts/messages';
import { profileCompletion } from '@careers/contracts/profile-completion';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { noConnectionFilters, useConnectionList } from '../../connections/api/list-connections';
import { feedQueryOptions } from '../../feed/api/get-feed';
import { dashboardFeedFilters } from '../api/dashboard-feed';
import { useDashboardJobs } from '../api/dashboard-jobs';
import { useLiveDashboard } from '../live/use-live-dashboard';
import { QuickActions } from './quick-actions';
import { RecommendedJobs } from './recommended-jobs';
import { StatCards } from './stat-cards';

interface DashboardScreenProps {
  firstName: string;
  /** The Recent Activity card, from the feed. */
  recentActivity: ReactNode;
}

/**
 * Spec, Dashboard. On load it fetches 5 jobs, 3 feed posts and the connections list (the list the
 * Connections screen reads, unfiltered); the stat cards are those lists' totals, and Profile Completion
 * is the signed-in user's. Recommended Jobs come from the server, over every open job (beyond the spec,
 * whose 5 fetched jobs left a person without recommendations while fitting jobs were open).
 * Everything follows the pushes that change it (see `useLiveDashboard`) and the user's own commands.
 */
export function DashboardScreen({ firstName, recentActivity }: DashboardScreenProps) {
  const user = useSignedInUser();
  const jobs = useDashboardJobs();
  const connections = useConnectionList(noConnectionFilters);
  // The same cache entry as Recent Activity's: one request serves the card and the count.
  const posts = useInfiniteQuery(feedQueryOptions(dashboardFeedFilters));
  useLiveDashboard();

  return (
    <section className="screen dashboard-screen">
      <header className="screen-header">
        <h1 className="screen-title">{screenMessages.welcomeBack(firstName)}</h1>
        <div className="screen-actions">
          <Link to="/jobs/post" className="button">
            Post a Job
          </Link>
          <Link to="/feed" className="button button-ghost">
            Create Post
          </Link>
        </div>
      </header>
      <StatCards
        totalJobs={jobs.data?.pagination.totalJobs}
        totalConnections={connections.data?.pages[0]?.pagination.totalConnections}
        totalPosts={posts.data?.pages[0]?.pagination.totalPosts}
        profileCompletion={user ? profileCompletion(user) : 0}
      />
      <div className="dashboard-grid">
        <div className="dashboard-column">
          <RecommendedJobs />
          {recentActivity}
        </div>
        <QuickActions />
      </div>
    </section>
  );
}

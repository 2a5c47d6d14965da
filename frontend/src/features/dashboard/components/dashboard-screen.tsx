import { screenMessages } from '@careers/contracts/messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { QuickActions } from './quick-actions';

interface DashboardScreenProps {
  firstName: string;
  /** The Recent Activity card, from the feed. */
  recentActivity: ReactNode;
}

/**
 * Spec, Dashboard. The stat cards and Recommended Jobs come with the jobs and connections features;
 * until then the dashboard shows only what it can show truthfully.
 */
export function DashboardScreen({ firstName, recentActivity }: DashboardScreenProps) {
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
      <div className="dashboard-grid">
        {recentActivity}
        <QuickActions />
      </div>
    </section>
  );
}

import { profileCompletionColor } from '@careers/contracts/profile-completion';
import { formatCount, useLanguage } from '../../../lib/locale';

/** A count not known yet (its list is loading) or not at all (its list failed: its card says why). */
const UNKNOWN = '–';

interface StatCardsProps {
  totalJobs: number | undefined;
  totalConnections: number | undefined;
  totalPosts: number | undefined;
  profileCompletion: number;
}

/**
 * Spec, Dashboard: the four stat cards. Profile Completion is green at 80 or more, yellow at 60 or
 * more, red below; the colour repeats what the number says, so nothing depends on seeing it.
 */
export function StatCards({ totalJobs, totalConnections, totalPosts, profileCompletion }: StatCardsProps) {
  const language = useLanguage();
  const count = (value: number | undefined) => (value === undefined ? UNKNOWN : formatCount(value, language));
  const color = profileCompletionColor(profileCompletion);
  const stats = [
    { label: 'Available Jobs', value: count(totalJobs), busy: totalJobs === undefined },
    { label: 'Connections', value: count(totalConnections), busy: totalConnections === undefined },
    { label: 'Recent Posts', value: count(totalPosts), busy: totalPosts === undefined },
  ];
  return (
    <ul className="stat-cards">
      {stats.map((stat) => (
        <li key={stat.label} className="card stat-card">
          <span className="stat-label">{stat.label}</span>
          <span className="stat-value">{stat.value}</span>
        </li>
      ))}
      <li className={`card stat-card stat-${color}`}>
        <span className="stat-label">Profile Completion</span>
        <span className="stat-value">{profileCompletion}%</span>
        <span className="stat-meter" aria-hidden="true">
          <span className="stat-meter-fill" style={{ width: `${profileCompletion}%` }} />
        </span>
      </li>
    </ul>
  );
}

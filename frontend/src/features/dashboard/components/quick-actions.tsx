import { useId } from 'react';
import { Link } from 'react-router-dom';

const actions = [
  { to: '/jobs', label: 'Search Jobs' },
  { to: '/connections', label: 'My Network' },
  { to: '/profile', label: 'Update Profile' },
  { to: '/applications', label: 'My Applications' },
];

export function QuickActions() {
  const titleId = useId();
  return (
    <section className="card dashboard-card" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        Quick Actions
      </h2>
      <ul className="quick-actions">
        {actions.map((action) => (
          <li key={action.to}>
            <Link to={action.to} className="quick-action">
              {action.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { NavLink } from 'react-router-dom';

const mainLinks = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/jobs', label: 'Jobs' },
  { to: '/feed', label: 'Feed' },
  { to: '/profile', label: 'Profile' },
];

const quickActions = [
  { to: '/jobs/post', label: 'Post a Job' },
  { to: '/applications', label: 'My Applications' },
  { to: '/connections', label: 'Connections' },
  { to: '/settings', label: 'Settings' },
];

function linkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'sidebar-link active' : 'sidebar-link';
}

function LinkList({ links }: { links: Array<{ to: string; label: string }> }) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className={linkClass}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The same links for every user (spec: no distinction between account types). */
export function Sidebar() {
  return (
    <aside className="sidebar">
      <nav aria-label="Main">
        <LinkList links={mainLinks} />
      </nav>
      <nav aria-labelledby="quick-actions-title">
        <h2 id="quick-actions-title" className="sidebar-heading">
          Quick Actions
        </h2>
        <LinkList links={quickActions} />
      </nav>
    </aside>
  );
}

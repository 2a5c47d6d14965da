import { matchRoutes } from 'react-router-dom';

export interface NavLinkItem {
  to: string;
  label: string;
  /** The screens this link stands for: it is the highlighted one on each of them. */
  paths: string[];
}

/** Spec, "Authenticated layout": the same links for every user. */
export const mainLinks: NavLinkItem[] = [
  { to: '/dashboard', label: 'Dashboard', paths: ['/dashboard'] },
  // Saved Jobs (beyond the spec) is reached from the jobs screens' header, and belongs to Jobs.
  { to: '/jobs', label: 'Jobs', paths: ['/jobs', '/jobs/:id', '/jobs/saved'] },
  { to: '/feed', label: 'Feed', paths: ['/feed'] },
  // Beyond the spec; the sidebar adds its unread count.
  { to: '/messages', label: 'Messages', paths: ['/messages/:conversationId?'] },
  { to: '/profile', label: 'Profile', paths: ['/profile'] },
];

export const quickActions: NavLinkItem[] = [
  { to: '/jobs/post', label: 'Post a Job', paths: ['/jobs/post'] },
  // Two routes show the same screen (spec, "Route table"), so both light the same link.
  { to: '/applications', label: 'My Applications', paths: ['/applications', '/jobs/applications'] },
  { to: '/connections', label: 'Connections', paths: ['/connections'] },
  { to: '/settings', label: 'Settings', paths: ['/settings'] },
];

const navRoutes = [...mainLinks, ...quickActions].flatMap((link) =>
  link.paths.map((path) => ({ path, link })),
);

/**
 * The one sidebar link to highlight at `pathname`, or none. Prefix matching lit Jobs on /jobs/post too;
 * here the router's own ranking decides, so /jobs/post (static) wins over /jobs/:id (dynamic) and at most
 * one link ever matches.
 */
export function activeNavLink(pathname: string): NavLinkItem | undefined {
  return matchRoutes(navRoutes, pathname)?.[0]?.route.link;
}

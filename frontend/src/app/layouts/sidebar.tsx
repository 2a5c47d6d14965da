import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CloseIcon } from '../../components/icons';
import { MessagesNavCount } from '../../features/messages/components/messages-nav-count';
import { activeNavLink, mainLinks, type NavLinkItem, quickActions } from './nav-links';
import type { NavMenu } from './use-nav-menu';

export const SIDEBAR_ID = 'app-sidebar';

function LinkList({
  links,
  active,
  onFollow,
  extras = {},
}: {
  links: NavLinkItem[];
  active?: NavLinkItem;
  onFollow(): void;
  /** What a link shows after its label (Messages' unread count), by its `to`. */
  extras?: Record<string, ReactNode>;
}) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            className={link === active ? 'sidebar-link active' : 'sidebar-link'}
            aria-current={link === active ? 'page' : undefined}
            onClick={onFollow}
          >
            {link.label}
            {extras[link.to]}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The same links for every user (spec: no distinction between account types). On a wide screen it is a
 * column beside the screen; on a narrow one it is hidden until the top bar's Menu button opens it as a
 * modal panel (see useNavMenu).
 */
export function Sidebar({ menu }: { menu: NavMenu }) {
  const active = activeNavLink(useLocation().pathname);
  // Open, it is a modal dialog over the page; otherwise a plain container of the two navigations.
  const asDialog = menu.open ? ({ role: 'dialog', 'aria-modal': true, 'aria-label': 'Menu' } as const) : {};
  return (
    <div
      id={SIDEBAR_ID}
      ref={menu.panelRef}
      className={menu.open ? 'sidebar sidebar-open' : 'sidebar'}
      {...asDialog}
    >
      {menu.open && (
        <div className="sidebar-menu-head">
          <button type="button" className="icon-button" aria-label="Close menu" onClick={menu.close}>
            <CloseIcon />
          </button>
        </div>
      )}
      <nav aria-label="Main">
        <LinkList
          links={mainLinks}
          active={active}
          onFollow={menu.closeAfterNavigation}
          extras={{ '/messages': <MessagesNavCount /> }}
        />
      </nav>
      <nav aria-labelledby="quick-actions-title">
        <h2 id="quick-actions-title" className="sidebar-heading">
          Quick Actions
        </h2>
        <LinkList links={quickActions} active={active} onFollow={menu.closeAfterNavigation} />
      </nav>
    </div>
  );
}

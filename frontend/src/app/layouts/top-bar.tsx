import type { User } from '@careers/contracts/entities/user';
import { Link, useNavigate } from 'react-router-dom';
import { Avatar, initialsOf } from '../../components/avatar';
import { LogoutIcon, MenuIcon } from '../../components/icons';
import { useLogout } from '../../features/auth/api/logout';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { brandName } from '../../lib/brand';
import { leaveWithoutAsking } from '../../lib/use-unsaved-changes';
import { SearchBox } from './search-box';
import { SIDEBAR_ID } from './sidebar';
import { ThemeToggle } from './theme-toggle';
import type { NavMenu } from './use-nav-menu';

/**
 * Brand, search, theme, bell, the user's picture (else initials) and name, and Logout at every width from 320px: on a phone the search box
 * takes a second row beside the name, the name ends in an ellipsis when long, and Logout shows its icon
 * only (its label stays as the accessible name). The Menu button shows only when the sidebar is hidden.
 */
export function TopBar({ user, menu }: { user: User; menu: NavMenu }) {
  const navigate = useNavigate();
  const logout = useLogout(() => navigate('/login', { replace: true, state: leaveWithoutAsking }));
  const name = `${user.firstName} ${user.lastName}`;

  return (
    <header className="top-bar" inert={menu.open}>
      <button
        ref={menu.buttonRef}
        type="button"
        className="icon-button menu-button"
        aria-label="Menu"
        aria-expanded={menu.open}
        aria-controls={SIDEBAR_ID}
        onClick={menu.show}
      >
        <MenuIcon />
      </button>
      <Link to="/dashboard" className="brand-name top-bar-brand">
        {brandName}
      </Link>
      <SearchBox />
      <div className="top-bar-actions">
        <ThemeToggle />
        <NotificationBell />
        <span className="user-chip">
          <Avatar picture={user.profilePicture} name={name} initials={initialsOf(user)} size="small" />
          <span className="user-name" title={name}>
            {name}
          </span>
        </span>
        <button
          type="button"
          className="button button-ghost logout-button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          <LogoutIcon />
          <span className="logout-label">Logout</span>
        </button>
      </div>
    </header>
  );
}

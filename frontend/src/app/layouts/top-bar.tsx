import type { User } from '@careers/contracts/entities/user';
import { Link, useNavigate } from 'react-router-dom';
import { BellIcon, LogoutIcon } from '../../components/icons';
import { useLogout } from '../../features/auth/api/logout';
import { brandName } from '../../lib/brand';
import { SearchBox } from './search-box';
import { ThemeToggle } from './theme-toggle';

export function TopBar({ user }: { user: User }) {
  const navigate = useNavigate();
  const logout = useLogout(() => navigate('/login', { replace: true }));

  return (
    <header className="top-bar">
      <Link to="/dashboard" className="brand-name top-bar-brand">
        {brandName}
      </Link>
      <SearchBox />
      <div className="top-bar-actions">
        <ThemeToggle />
        <button type="button" className="icon-button" aria-label="Notifications">
          <BellIcon />
        </button>
        <span className="user-name">
          {user.firstName} {user.lastName}
        </span>
        <button
          type="button"
          className="button button-ghost"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          <LogoutIcon />
          <span>Logout</span>
        </button>
      </div>
    </header>
  );
}

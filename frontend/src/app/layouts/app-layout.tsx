import { type MouseEvent, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { ConnectivityBanner } from '../../components/connectivity-banner';
import { useAuth } from '../../features/auth/components/auth-provider';
import { useLiveSavedJobs } from '../../features/jobs/live/use-live-saved-jobs';
import { getSocket } from '../../lib/socket';
import { useLiveUser } from '../../lib/use-live-user';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useNavMenu } from './use-nav-menu';

const MAIN_ID = 'main-content';

/** Focuses the screen itself rather than following the fragment, which the router would take as a visit. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

/** The signed-in shell. It sits under <RequireAuth>, so a user is always present here. */
export function AppLayout() {
  const auth = useAuth();
  const menu = useNavMenu();
  useLiveUser();
  useLiveSavedJobs();

  // One realtime connection for as long as someone is signed in.
  useEffect(() => {
    const socket = getSocket();
    socket.connect();
    return () => {
      socket.disconnect();
    };
  }, []);

  if (auth.status !== 'signed-in') return null;
  // While the menu is open on a narrow screen, everything but the menu is inert (it is modal).
  return (
    <div className="app-layout">
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToContent} inert={menu.open}>
        Skip to content
      </a>
      <TopBar user={auth.user} menu={menu} />
      <ConnectivityBanner />
      <div className="app-body">
        <Sidebar menu={menu} />
        {menu.open && <div className="sidebar-backdrop" aria-hidden="true" onClick={menu.close} />}
        <main id={MAIN_ID} className="app-main" tabIndex={-1} inert={menu.open}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

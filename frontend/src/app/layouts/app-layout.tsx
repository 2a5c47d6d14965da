import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuth } from '../../features/auth/components/auth-provider';
import { getSocket } from '../../lib/socket';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/** The signed-in shell. It sits under <RequireAuth>, so a user is always present here. */
export function AppLayout() {
  const auth = useAuth();

  // One realtime connection for as long as someone is signed in.
  useEffect(() => {
    const socket = getSocket();
    socket.connect();
    return () => {
      socket.disconnect();
    };
  }, []);

  if (auth.status !== 'signed-in') return null;
  return (
    <div className="app-layout">
      <TopBar user={auth.user} />
      <div className="app-body">
        <Sidebar />
        <main className="app-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

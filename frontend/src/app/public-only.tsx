import { Navigate, Outlet } from 'react-router-dom';
import { LoadingState } from '../components/loading-state';
import { useAuth } from '../features/auth/components/auth-provider';

/** /login and /register: a signed-in visitor has nothing to do there and goes to the dashboard. */
export function PublicOnly() {
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingState fullPage />;
  if (auth.status === 'signed-in') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

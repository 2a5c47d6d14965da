import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingState } from '../components/loading-state';
import { useAuth } from '../features/auth/components/auth-provider';

/** Protected routes: a spinner while the session check runs, then the screen or /login. */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <LoadingState fullPage />;
  if (auth.status === 'signed-out') return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}

import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingState } from '../components/loading-state';
import { useAuth } from '../features/auth/components/auth-provider';
import { returnPathOf } from '../lib/return-to';

/**
 * /login and /register: a signed-in visitor has nothing to do there. This is also the one place that
 * moves a visitor on after signing in or registering: the screens only put the user in the cache.
 * Had the screens navigated as well, the protected page could render before the cache update reached
 * the guards (react-query notifies a tick later than the router), bounce back to an empty login form
 * for a frame, and only then come back.
 */
export function PublicOnly() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <LoadingState fullPage />;
  if (auth.status === 'signed-in') return <Navigate to={returnPathOf(location.state)} replace />;
  return <Outlet />;
}

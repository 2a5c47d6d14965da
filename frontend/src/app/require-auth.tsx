import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingState } from '../components/loading-state';
import { useAuth } from '../features/auth/components/auth-provider';
import { returnToState } from '../lib/return-to';

/**
 * Protected routes: a spinner while the session check runs, then the screen or /login. A visitor who
 * arrives signed out takes the page they asked for along in the history state, so signing in lands
 * on it (see PublicOnly). Someone who was signed in here and signs out does not: they asked for
 * nothing, and whoever signs in next starts from the dashboard.
 */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  const [wasSignedIn, setWasSignedIn] = useState(false);

  useEffect(() => {
    if (auth.status === 'signed-in') setWasSignedIn(true);
  }, [auth.status]);

  if (auth.status === 'loading') return <LoadingState fullPage />;
  if (auth.status === 'signed-out') {
    return <Navigate to="/login" replace state={wasSignedIn ? null : returnToState(location)} />;
  }
  return <Outlet />;
}

import type { User } from '@careers/contracts/entities/user';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useMe } from '../api/get-me';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: User };

const AuthContext = createContext<AuthState | null>(null);

/**
 * Checks the session once at start (GET /auth/me). While the read side catches up with a valid session
 * (503) the check is repeated and the state stays loading; any other failure counts as signed out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const me = useMe();
  const user = me.data;
  const state = useMemo<AuthState>(() => {
    if (me.isPending) return { status: 'loading' };
    return user ? { status: 'signed-in', user } : { status: 'signed-out' };
  }, [me.isPending, user]);
  return <AuthContext value={state}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}

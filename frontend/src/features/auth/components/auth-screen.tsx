import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

interface AuthScreenProps {
  title: string;
  subtitle?: string;
  switchText: string;
  switchLink: { to: string; label: string };
  children: ReactNode;
}

/** The inside of the auth card: a title, the form, and the way to the other auth screen. */
export function AuthScreen({ title, subtitle, switchText, switchLink, children }: AuthScreenProps) {
  // The page a visitor was sent here from goes along to the other auth screen: registering instead of
  // signing in still lands on it.
  const { state } = useLocation();
  return (
    <section className="auth-screen" aria-labelledby="auth-title">
      <header>
        <h1 id="auth-title" className="auth-title">
          {title}
        </h1>
        {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
      </header>
      {children}
      <p className="auth-switch">
        {switchText}{' '}
        <Link to={switchLink.to} state={state}>
          {switchLink.label}
        </Link>
      </p>
    </section>
  );
}

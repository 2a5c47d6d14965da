import { Link } from 'react-router-dom';

interface AuthPlaceholderProps {
  title: string;
  subtitle?: string;
  switchText: string;
  switchLink: { to: string; label: string };
}

/** The login and register cards until accounts arrive. */
export function AuthPlaceholder({ title, subtitle, switchText, switchLink }: AuthPlaceholderProps) {
  return (
    <section aria-labelledby="auth-title">
      <h1 id="auth-title" className="auth-title">
        {title}
      </h1>
      {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
      <p className="placeholder-note">This screen arrives with accounts.</p>
      <p className="auth-switch">
        {switchText} <Link to={switchLink.to}>{switchLink.label}</Link>
      </p>
    </section>
  );
}

import { Outlet } from 'react-router-dom';
import { brand } from '../../lib/texts';

export function AuthLayout() {
  return (
    <main className="auth-layout">
      <div className="card auth-card">
        <header className="auth-brand">
          <p className="brand-name">{brand.name}</p>
          <p className="brand-tagline">{brand.tagline}</p>
        </header>
        <Outlet />
      </div>
    </main>
  );
}

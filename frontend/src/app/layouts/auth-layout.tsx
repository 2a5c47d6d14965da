import { screenMessages } from '@careers/contracts/messages';
import { Outlet } from 'react-router-dom';
import { brandName } from '../../lib/brand';

export function AuthLayout() {
  return (
    <main className="auth-layout">
      <div className="card auth-card">
        <header className="auth-brand">
          <p className="brand-name">{brandName}</p>
          <p className="brand-tagline">{screenMessages.tagline}</p>
        </header>
        <Outlet />
      </div>
    </main>
  );
}

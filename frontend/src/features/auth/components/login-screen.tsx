import { fallbackMessages } from '@careers/contracts/messages';
import type { FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorBanner } from '../../../components/error-banner';
import { PasswordField } from '../../../components/password-field';
import { TextField } from '../../../components/text-field';
import { errorMessageOf } from '../../../lib/api-client';
import { signInNoticeOf } from '../../../lib/sign-in-notice';
import { useForm } from '../../../lib/use-form';
import { useLogin } from '../api/login';
import { AuthScreen } from './auth-screen';

/**
 * Spec section 2, "Login". The browser checks the fields (required, email type); the server the rest.
 * On success the route guard (PublicOnly) takes the visitor to the page first asked for, else /dashboard.
 */
export function LoginScreen() {
  const login = useLogin();
  const form = useForm({ email: '', password: '' });
  // Why the visitor was sent here, when that is worth saying (their account was deleted).
  const notice = signInNoticeOf(useLocation().state);

  function edit(name: keyof typeof form.values, value: string) {
    form.setField(name, value);
    if (login.isError) login.reset();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate(form.values);
  }

  return (
    <AuthScreen
      title="Welcome back"
      subtitle="Sign in to your account to continue"
      switchText="Don't have an account?"
      switchLink={{ to: '/register', label: 'Create one' }}
    >
      <div className="form-status" role="status" aria-live="polite">
        {notice && !login.isError ? <p className="banner banner-success">{notice}</p> : null}
      </div>
      <ErrorBanner message={login.isError ? errorMessageOf(login.error, fallbackMessages.login) : null} />
      <form className="form" onSubmit={submit}>
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={form.values.email}
          onChange={(value) => edit('email', value)}
        />
        <PasswordField
          name="password"
          label="Password"
          autoComplete="current-password"
          required
          value={form.values.password}
          onChange={(value) => edit('password', value)}
        />
        <button type="submit" className="button button-block" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </AuthScreen>
  );
}

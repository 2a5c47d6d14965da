import { useAuth } from '../../features/auth/components/auth-provider';
import { SettingsScreen } from '../../features/settings/components/settings-screen';

/** Hands the signed-in user to the settings feature, which does not reach into the auth feature. */
export function SettingsRoute() {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return null;
  return <SettingsScreen user={auth.user} />;
}

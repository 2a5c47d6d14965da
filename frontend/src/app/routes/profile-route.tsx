import { useAuth } from '../../features/auth/components/auth-provider';
import { ProfileScreen } from '../../features/profile/components/profile-screen';

/** Hands the signed-in user to the profile feature, which does not reach into the auth feature. */
export function ProfileRoute() {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return null;
  return <ProfileScreen user={auth.user} />;
}

import { Navigate, type RouteObject } from 'react-router-dom';
import { LoginScreen } from '../features/auth/components/login-screen';
import { RegisterScreen } from '../features/auth/components/register-screen';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { PublicOnly } from './public-only';
import { RequireAuth } from './require-auth';
import { DashboardRoute } from './routes/dashboard-route';
import { FeedRoute } from './routes/feed-route';
import { PlaceholderScreen } from './routes/placeholder-screen';
import { SettingsRoute } from './routes/settings-route';

const myApplications = (
  <PlaceholderScreen title="My Applications" note="Tracking your job applications is coming soon." />
);

/** Spec section 2, "Route table". Each placeholder is replaced by its feature's screen. */
export const routeTable: RouteObject[] = [
  {
    element: <PublicOnly />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: 'login', element: <LoginScreen /> },
          { path: 'register', element: <RegisterScreen /> },
        ],
      },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          { path: 'dashboard', element: <DashboardRoute /> },
          {
            path: 'jobs',
            element: <PlaceholderScreen title="Find Jobs" note="Job search is coming soon." />,
          },
          {
            path: 'jobs/post',
            element: <PlaceholderScreen title="Post a Job" note="Posting jobs is coming soon." />,
          },
          { path: 'jobs/applications', element: myApplications },
          {
            path: 'jobs/:id',
            element: <PlaceholderScreen title="Job Details" note="Job details are coming soon." />,
          },
          { path: 'applications', element: myApplications },
          { path: 'feed', element: <FeedRoute /> },
          {
            path: 'profile',
            element: <PlaceholderScreen title="Profile" note="Editing your profile is coming soon." />,
          },
          {
            path: 'connections',
            element: <PlaceholderScreen title="Connections" note="Managing your network is coming soon." />,
          },
          { path: 'settings', element: <SettingsRoute /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];

import { pageTitles } from '@careers/contracts/messages';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { LoginScreen } from '../features/auth/components/login-screen';
import { RegisterScreen } from '../features/auth/components/register-screen';
import { ConnectionsScreen } from '../features/connections/components/connections-screen';
import { ApplicantsScreen } from '../features/jobs/components/applicants-screen';
import { JobsScreen } from '../features/jobs/components/jobs-screen';
import { MyApplicationsScreen } from '../features/jobs/components/my-applications-screen';
import { MyPostedJobsScreen } from '../features/jobs/components/my-posted-jobs-screen';
import { PostJobScreen } from '../features/jobs/components/post-job-screen';
import { DocumentTitle, type RouteHandle } from './document-title';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { PublicOnly } from './public-only';
import { RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './route-error-boundary';
import { DashboardRoute } from './routes/dashboard-route';
import { FeedRoute } from './routes/feed-route';
import { JobDetailRoute } from './routes/job-detail-route';
import { ProfileRoute } from './routes/profile-route';
import { SettingsRoute } from './routes/settings-route';

/** Spec, "Route table": two routes show the same screen. */
const myApplications = <MyApplicationsScreen />;

const titled = (title: string): RouteHandle => ({ title });

/** Every screen sits in one of these: a screen that throws is replaced by the message, its layout stays. */
const screenErrors = { errorElement: <RouteErrorBoundary /> } satisfies RouteObject;

function Root() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
    </>
  );
}

/**
 * Spec section 2, "Route table". Each placeholder is replaced by its feature's screen. Each screen
 * route names its page (`handle.title`, the tab's title); the screens sit under an error boundary
 * inside their layout, and the root has one of its own for a layout that fails.
 */
export const routeTable: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorBoundary scope="app" />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              {
                ...screenErrors,
                children: [
                  { path: 'login', element: <LoginScreen />, handle: titled(pageTitles.signIn) },
                  { path: 'register', element: <RegisterScreen />, handle: titled(pageTitles.register) },
                ],
              },
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
              {
                ...screenErrors,
                children: [
                  { index: true, element: <Navigate to="/dashboard" replace /> },
                  { path: 'dashboard', element: <DashboardRoute />, handle: titled(pageTitles.dashboard) },
                  { path: 'jobs', element: <JobsScreen />, handle: titled(pageTitles.jobs) },
                  { path: 'jobs/post', element: <PostJobScreen />, handle: titled(pageTitles.postJob) },
                  {
                    path: 'jobs/my/posted',
                    element: <MyPostedJobsScreen />,
                    handle: titled(pageTitles.postedJobs),
                  },
                  {
                    path: 'jobs/applications',
                    element: myApplications,
                    handle: titled(pageTitles.applications),
                  },
                  { path: 'jobs/:id', element: <JobDetailRoute />, handle: titled(pageTitles.jobDetails) },
                  {
                    path: 'jobs/:id/applicants',
                    element: <ApplicantsScreen />,
                    handle: titled(pageTitles.applicants),
                  },
                  { path: 'applications', element: myApplications, handle: titled(pageTitles.applications) },
                  { path: 'feed', element: <FeedRoute />, handle: titled(pageTitles.feed) },
                  { path: 'profile', element: <ProfileRoute />, handle: titled(pageTitles.profile) },
                  {
                    path: 'connections',
                    element: <ConnectionsScreen />,
                    handle: titled(pageTitles.connections),
                  },
                  { path: 'settings', element: <SettingsRoute />, handle: titled(pageTitles.settings) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

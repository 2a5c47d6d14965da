import {
  hiringMessages,
  messagingScreenMessages,
  pageTitles,
  savedJobMessages,
} from '@careers/contracts/messages';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { LoadingState } from '../components/loading-state';
import { DocumentTitle, type RouteHandle } from './document-title';
import { AuthLayout } from './layouts/auth-layout';
import { PublicOnly } from './public-only';
import { RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './route-error-boundary';
import { prefetchScreenData, type ScreenData } from './screen-data';

/**
 * A route whose code is loaded when it is first matched: each screen is a chunk of its own, so a
 * first visit downloads the shell and the one screen it shows (the router loads the chunks of every
 * matched route at once, in parallel with the session check).
 */
function lazyScreen<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load())[name] }) };
}

/** Spec, "Route table": two routes show the same screen. */
const myApplications = lazyScreen(
  () => import('../features/jobs/components/my-applications-screen'),
  'MyApplicationsScreen',
);

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
 * Starts reading what a screen shows as soon as its route is matched, beside the session check and
 * the download of its code, into `queryClient`, where the screen's own queries find it (the same keys:
 * one request each). The loader answers at once; nothing waits for the reads.
 */
function prefetching(queryClient: QueryClient, screen: ScreenData): Pick<RouteObject, 'loader'> {
  return {
    loader: ({ request }) => {
      prefetchScreenData(queryClient, screen, new URL(request.url));
      return null;
    },
  };
}

/**
 * Spec section 2, "Route table". Each screen route names its page (`handle.title`, the tab's title);
 * the screens sit under an error boundary inside their layout, and the root has one of its own for a
 * layout that fails. `queryClient` is where the loaders start each screen's reads.
 */
export function createRouteTable(queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <Root />,
      errorElement: <RouteErrorBoundary scope="app" />,
      // While the first screen's code loads (the page as index.html painted it, until React takes over).
      hydrateFallbackElement: <LoadingState fullPage />,
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
                    {
                      path: 'login',
                      ...lazyScreen(() => import('../features/auth/components/login-screen'), 'LoginScreen'),
                      handle: titled(pageTitles.signIn),
                    },
                    {
                      path: 'register',
                      ...lazyScreen(
                        () => import('../features/auth/components/register-screen'),
                        'RegisterScreen',
                      ),
                      handle: titled(pageTitles.register),
                    },
                  ],
                },
              ],
            },
          ],
        },
        {
          // A mail's unsubscribe link, signed in or not (its token is the authority).
          element: <AuthLayout />,
          children: [
            {
              ...screenErrors,
              children: [
                {
                  path: 'unsubscribe/:token',
                  ...lazyScreen(
                    () => import('../features/unsubscribe/unsubscribe-screen'),
                    'UnsubscribeScreen',
                  ),
                  handle: titled(pageTitles.unsubscribe),
                },
              ],
            },
          ],
        },
        {
          element: <RequireAuth />,
          children: [
            {
              // The signed-in shell (top bar, menu, the live connection) is a chunk of its own too: the
              // sign-in page needs none of it.
              ...lazyScreen(() => import('./layouts/app-layout'), 'AppLayout'),
              children: [
                {
                  ...screenErrors,
                  children: [
                    { index: true, element: <Navigate to="/dashboard" replace /> },
                    {
                      path: 'dashboard',
                      ...lazyScreen(() => import('./routes/dashboard-route'), 'DashboardRoute'),
                      ...prefetching(queryClient, 'dashboard'),
                      handle: titled(pageTitles.dashboard),
                    },
                    {
                      path: 'jobs',
                      ...lazyScreen(() => import('../features/jobs/components/jobs-screen'), 'JobsScreen'),
                      ...prefetching(queryClient, 'jobs'),
                      handle: titled(pageTitles.jobs),
                    },
                    {
                      path: 'jobs/post',
                      ...lazyScreen(
                        () => import('../features/jobs/components/post-job-screen'),
                        'PostJobScreen',
                      ),
                      handle: titled(pageTitles.postJob),
                    },
                    {
                      path: 'jobs/my/posted',
                      ...lazyScreen(
                        () => import('../features/jobs/components/my-posted-jobs-screen'),
                        'MyPostedJobsScreen',
                      ),
                      handle: titled(pageTitles.postedJobs),
                    },
                    {
                      path: 'jobs/applications',
                      ...myApplications,
                      handle: titled(pageTitles.applications),
                    },
                    {
                      // Beyond the spec.
                      path: 'jobs/saved',
                      ...lazyScreen(
                        () => import('../features/jobs/components/saved-jobs-screen'),
                        'SavedJobsScreen',
                      ),
                      handle: titled(savedJobMessages.savedJobs),
                    },
                    {
                      path: 'jobs/:id',
                      ...lazyScreen(() => import('./routes/job-detail-route'), 'JobDetailRoute'),
                      handle: titled(pageTitles.jobDetails),
                    },
                    {
                      // Beyond the spec: the poster edits an open job.
                      path: 'jobs/:id/edit',
                      ...lazyScreen(() => import('./routes/edit-job-route'), 'EditJobRoute'),
                      handle: titled(hiringMessages.editJob),
                    },
                    {
                      path: 'jobs/:id/applicants',
                      ...lazyScreen(
                        () => import('../features/jobs/components/applicants-screen'),
                        'ApplicantsScreen',
                      ),
                      handle: titled(pageTitles.applicants),
                    },
                    { path: 'applications', ...myApplications, handle: titled(pageTitles.applications) },
                    {
                      path: 'feed',
                      ...lazyScreen(() => import('./routes/feed-route'), 'FeedRoute'),
                      ...prefetching(queryClient, 'feed'),
                      handle: titled(pageTitles.feed),
                    },
                    {
                      // Beyond the spec: the conversation list, and beside it (or alone on a phone) a thread.
                      path: 'messages/:conversationId?',
                      ...lazyScreen(
                        () => import('../features/messages/components/messages-screen'),
                        'MessagesScreen',
                      ),
                      handle: titled(messagingScreenMessages.title),
                    },
                    {
                      path: 'people/:id',
                      ...lazyScreen(
                        () => import('../features/people/components/person-screen'),
                        'PersonScreen',
                      ),
                      handle: titled(pageTitles.person),
                    },
                    {
                      path: 'search',
                      ...lazyScreen(
                        () => import('../features/search/components/search-screen'),
                        'SearchScreen',
                      ),
                      handle: titled(pageTitles.search),
                    },
                    {
                      path: 'companies/:slug',
                      ...lazyScreen(
                        () => import('../features/companies/components/company-screen'),
                        'CompanyScreen',
                      ),
                      handle: titled(pageTitles.company),
                    },
                    {
                      path: 'profile',
                      ...lazyScreen(() => import('./routes/profile-route'), 'ProfileRoute'),
                      handle: titled(pageTitles.profile),
                    },
                    {
                      path: 'connections',
                      ...lazyScreen(
                        () => import('../features/connections/components/connections-screen'),
                        'ConnectionsScreen',
                      ),
                      handle: titled(pageTitles.connections),
                    },
                    {
                      path: 'settings',
                      ...lazyScreen(() => import('./routes/settings-route'), 'SettingsRoute'),
                      handle: titled(pageTitles.settings),
                    },
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
}

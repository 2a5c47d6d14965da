import { RouterProvider } from 'react-router-dom';
import { queryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { router } from './router';

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

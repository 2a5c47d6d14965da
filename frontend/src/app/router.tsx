import { createBrowserRouter } from 'react-router-dom';
import { queryClient } from '../lib/query-client';
import { createRouteTable } from './route-table';

export const router = createBrowserRouter(createRouteTable(queryClient));

import { createBrowserRouter } from 'react-router-dom';
import { routeTable } from './route-table';

export const router = createBrowserRouter(routeTable);

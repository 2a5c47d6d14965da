import { DashboardStats } from '../entities/dashboard-stats.ts';
import { defineRoute } from './define-route.ts';
import { dataResponse } from './responses.ts';

export const dashboardRoutes = {
  getDashboardStats: defineRoute({
    method: 'GET',
    path: '/dashboard/stats',
    service: 'query',
    auth: 'required',
    status: 200,
    response: dataResponse(DashboardStats),
    summary: 'The four dashboard counts (not in the spec, which derives them from lists).',
  }),
} as const;

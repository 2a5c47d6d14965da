import { z } from 'zod';

const count = z.number().int().nonnegative();

/** The four dashboard stat cards. `profileCompletion` is a percent, see `profile-completion.ts`. */
export const DashboardStats = z.object({
  totalJobs: count,
  totalConnections: count,
  totalPosts: count,
  profileCompletion: z.number().int().min(0).max(100),
});
export type DashboardStats = z.infer<typeof DashboardStats>;

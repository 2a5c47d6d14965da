import { dashboardCounts } from '@careers/contracts/constants';

const skillKey = (name: string) => name.trim().toLowerCase();

/**
 * Spec, Dashboard: up to 3 of the fetched jobs whose skill names match the user's skill names, without
 * regard to case (and to the spaces around a name), in the order the jobs came (newest first).
 */
export function recommendedJobs<J extends { skills: ReadonlyArray<{ name: string }> }>(
  jobs: readonly J[],
  userSkills: ReadonlyArray<{ name: string }>,
): J[] {
  const mine = new Set(userSkills.map((skill) => skillKey(skill.name)).filter(Boolean));
  if (mine.size === 0) return [];
  return jobs
    .filter((job) => job.skills.some((skill) => mine.has(skillKey(skill.name))))
    .slice(0, dashboardCounts.recommendedJobs);
}

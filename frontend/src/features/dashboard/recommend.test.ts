import { describe, expect, it } from 'vitest';
import { recommendedJobs } from './recommend';

const job = (id: string, ...skills: string[]) => ({ id, skills: skills.map((name) => ({ name })) });

describe('recommendedJobs', () => {
  it('keeps the jobs sharing a skill name with the user, whatever the case, in their order', () => {
    const jobs = [job('a', 'Go'), job('b', 'REACT', 'css'), job('c'), job('d', ' typescript ')];
    expect(recommendedJobs(jobs, [{ name: 'react' }, { name: 'TypeScript' }]).map((one) => one.id)).toEqual([
      'b',
      'd',
    ]);
  });

  it('shows at most 3', () => {
    const jobs = ['a', 'b', 'c', 'd', 'e'].map((id) => job(id, 'Rust'));
    expect(recommendedJobs(jobs, [{ name: 'rust' }]).map((one) => one.id)).toEqual(['a', 'b', 'c']);
  });

  it('recommends nothing to a user with no skills, or no matching one', () => {
    const jobs = [job('a', 'Rust'), job('b', '')];
    expect(recommendedJobs(jobs, [])).toEqual([]);
    expect(recommendedJobs(jobs, [{ name: ' ' }])).toEqual([]);
    expect(recommendedJobs(jobs, [{ name: 'Rusty' }])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { jobFiltersOf, jobListQueryOptions } from './list-jobs';

const filtersOf = (search: string) => jobFiltersOf(new URLSearchParams(search));

describe('jobFiltersOf: the jobs list state from its URL', () => {
  it('reads the location, salary, date and order of the URL', () => {
    expect(filtersOf('location=%20Berlin%20&minSalary=80000&postedWithin=1&sort=salary&page=2')).toEqual({
      search: '',
      jobType: '',
      workLocation: '',
      experienceLevel: '',
      location: 'Berlin',
      minSalary: 80000,
      postedWithin: 1,
      sort: 'salary',
      page: 2,
    });
  });

  it('counts a value the lists do not offer as unset, and no sort as relevance', () => {
    for (const search of [
      '',
      'minSalary=abc&postedWithin=2&sort=cheap',
      'minSalary=75000&postedWithin=7.0&sort=Salary',
      'minSalary=&postedWithin=&sort=&location=%20',
      'minSalary=8e4&postedWithin=%207',
    ]) {
      expect(filtersOf(search), search).toMatchObject({
        location: '',
        minSalary: '',
        postedWithin: '',
        sort: 'relevance',
      });
    }
  });
});

describe('jobListQueryOptions: one cache entry per combination', () => {
  const keyOf = (search: string) => JSON.stringify(jobListQueryOptions(filtersOf(search)).queryKey);

  it('gives each location, salary, date and order its own key', () => {
    const keys = [
      '',
      'location=Berlin',
      'location=Lyon',
      'minSalary=80000',
      'minSalary=100000',
      'postedWithin=7',
      'postedWithin=30',
      'sort=newest',
      'sort=salary',
    ].map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('shares one key between the same lists however the URL spells them', () => {
    expect(keyOf('sort=relevance')).toBe(keyOf(''));
    expect(keyOf('sort=cheap&minSalary=abc')).toBe(keyOf(''));
    expect(keyOf('location=%20Berlin')).toBe(keyOf('location=Berlin'));
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countCalls, type FetchHandler, jsonReply } from '../../../testing/fake-api';
import { openSignedIn } from '../../../testing/render-app';
import { aJob, dataReply, jobsReply, savedJobsUrl } from '../testing';

/** Ada opens the jobs list; `handler` answers the jobs, and her saved list is empty. */
function openJobs(handler: FetchHandler, path = '/jobs') {
  return openSignedIn(path, (method, url, init) =>
    method === 'GET' && url === savedJobsUrl ? dataReply([]) : handler(method, url, init),
  );
}

function card(title: string) {
  const article = screen.getByRole('article', { name: title });
  return within(article);
}

function select(name: string): HTMLSelectElement {
  return screen.getByRole('combobox', { name }) as HTMLSelectElement;
}

describe('jobs list: what it shows', () => {
  it('shows "Find Jobs", Post a Job, the count and every field of each card', async () => {
    const compiler = aJob({
      title: 'Compiler Engineer',
      skills: ['COBOL', 'FORTRAN', 'Assembly', 'Lisp', 'ALGOL'].map((name) => ({
        name,
        required: true,
        proficiency: 'Expert' as const,
      })),
    });
    const analyst = aJob({
      title: 'Data Analyst',
      jobType: 'Contract',
      workLocation: 'On-site',
      experienceLevel: 'Entry Level',
      location: { city: '', state: '', country: '' },
      company: { name: '', industry: '', size: null, website: '' },
      salary: { min: null, max: null, currency: 'USD' },
      skills: [],
      status: 'closed',
      closedAt: new Date().toISOString(),
    });
    const { api } = openJobs(() =>
      jobsReply([compiler, analyst], { currentPage: 1, totalPages: 1, totalJobs: 2 }),
    );

    const first = within(await screen.findByRole('article', { name: 'Compiler Engineer' }));
    expect(screen.getByRole('heading', { name: 'Find Jobs', level: 1 })).toBeTruthy();
    expect(screen.getByRole('main').querySelector('a[href="/jobs/post"]')?.textContent).toBe('Post a Job');
    expect(screen.getByRole('status').textContent).toBe('2 jobs found');
    expect(first.getByRole('link', { name: 'Compiler Engineer' }).getAttribute('href')).toBe(
      `/jobs/${compiler._id}`,
    );
    expect(first.getByText('Full-time')).toBeTruthy();
    expect(first.getByText('Navy Labs')).toBeTruthy();
    expect(first.getByText('Remote · Arlington')).toBeTruthy();
    expect(first.getByText('Senior Level')).toBeTruthy();
    expect(first.getByText('$85,000 - $120,000 USD')).toBeTruthy();
    expect(first.getByText(/Build the next compiler/).className).toContain('job-card-description');
    expect(
      within(first.getByRole('list', { name: 'Skills' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['COBOL', 'FORTRAN', 'Assembly', '+2 more']);
    expect(first.queryByText('Closed')).toBeNull();

    const second = card('Data Analyst');
    expect(second.getByText('Grace Hopper')).toBeTruthy();
    expect(second.getByText('On-site')).toBeTruthy();
    expect(second.getByText('Salary not specified')).toBeTruthy();
    expect(second.getByText('Closed')).toBeTruthy();
    expect(second.queryByRole('list', { name: 'Skills' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(countCalls(api, 'GET', '/api/jobs')).toBe(1);
  });

  it('says "No jobs found" with "Try adjusting your search criteria" when nothing matches', async () => {
    openJobs(() => jobsReply([]));

    expect(await screen.findByRole('heading', { name: 'No jobs found' })).toBeTruthy();
    expect(screen.getByText('Try adjusting your search criteria')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('0 jobs found');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows the server text in an "Error loading jobs" card, and Try again asks again', async () => {
    let calls = 0;
    const { user } = openJobs(() => {
      calls += 1;
      return calls === 1
        ? jsonReply(400, { message: 'Search text must be at most 200 characters' })
        : jobsReply([aJob()]);
    });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error loading jobs' })).toBeTruthy();
    expect(alert.textContent).toContain('Search text must be at most 200 characters');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Compiler Engineer' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('jobs list: search, filters and pages', () => {
  it('searches with the search parameter of the URL, as the top bar sends it', async () => {
    const { api, user, router } = openJobs((_method, url) =>
      jobsReply(url.includes('search=rust') ? [aJob({ title: 'Rust Engineer' })] : [aJob()]),
    );
    await screen.findByRole('article', { name: 'Compiler Engineer' });

    await user.type(screen.getByRole('combobox', { name: 'Search' }), '  rust {Enter}');

    expect(await screen.findByRole('article', { name: 'Rust Engineer' })).toBeTruthy();
    await waitFor(() => {
      expect(router.state.location.search).toBe('?search=rust');
      expect((screen.getByRole('searchbox', { name: 'Search jobs' }) as HTMLInputElement).value).toBe('rust');
    });
    expect(countCalls(api, 'GET', '/api/jobs?search=rust')).toBe(1);
  });

  it('opens with the search of the URL and sends the Search field text', async () => {
    const { api, user, router } = openJobs(() => jobsReply([aJob()]), '/jobs?search=compiler');
    await screen.findByRole('article', { name: 'Compiler Engineer' });
    const field = screen.getByRole('searchbox', { name: 'Search jobs' }) as HTMLInputElement;
    expect(field.value).toBe('compiler');
    expect(field.placeholder).toBe('Search by title, company or keywords');
    expect(countCalls(api, 'GET', '/api/jobs?search=compiler')).toBe(1);

    await user.clear(field);
    await user.type(field, 'navy labs');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(countCalls(api, 'GET', '/api/jobs?search=navy+labs')).toBe(1));
    await waitFor(() => expect(router.state.location.search).toBe('?search=navy+labs'));
  });

  it('reloads the list whenever a filter changes, and Clear Filters clears the search text too', async () => {
    const { api, user, router } = openJobs(() => jobsReply([aJob()]), '/jobs?search=compiler');
    await screen.findByRole('article', { name: 'Compiler Engineer' });

    expect([...select('Job type').options].map((option) => option.textContent)).toEqual([
      'All job types',
      'Full-time',
      'Part-time',
      'Contract',
      'Freelance',
      'Internship',
    ]);
    expect([...select('Work location').options].map((option) => option.value)).toEqual([
      '',
      'Remote',
      'On-site',
      'Hybrid',
    ]);
    expect([...select('Experience level').options].map((option) => option.value)).toEqual([
      '',
      'Entry Level',
      'Mid Level',
      'Senior Level',
      'Executive',
    ]);

    await user.selectOptions(select('Job type'), 'Contract');
    await waitFor(() => expect(countCalls(api, 'GET', '/api/jobs?search=compiler&jobType=Contract')).toBe(1));
    await user.selectOptions(select('Work location'), 'Hybrid');
    await user.selectOptions(select('Experience level'), 'Executive');
    await waitFor(() =>
      expect(
        countCalls(
          api,
          'GET',
          '/api/jobs?search=compiler&jobType=Contract&workLocation=Hybrid&experienceLevel=Executive',
        ),
      ).toBe(1),
    );

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));

    // The route's loader makes a change of the filters a navigation that settles a tick later, and the
    // fields show it on the render after that.
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
      expect((screen.getByRole('searchbox', { name: 'Search jobs' }) as HTMLInputElement).value).toBe('');
      expect(select('Job type').value).toBe('');
    });
    await waitFor(() => expect(countCalls(api, 'GET', '/api/jobs')).toBe(1));
  });

  it('keeps both of two filters changed before the first has settled', async () => {
    const { api, router } = openJobs(() => jobsReply([aJob()]), '/jobs?search=compiler');
    await screen.findByRole('article', { name: 'Compiler Engineer' });

    // Both changes before React renders the first navigation, as two quick picks on a busy machine.
    act(() => {
      fireEvent.change(select('Work location'), { target: { value: 'Hybrid' } });
      fireEvent.change(select('Experience level'), { target: { value: 'Executive' } });
    });

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?search=compiler&workLocation=Hybrid&experienceLevel=Executive',
      ),
    );
    await waitFor(() =>
      expect(
        countCalls(api, 'GET', '/api/jobs?search=compiler&workLocation=Hybrid&experienceLevel=Executive'),
      ).toBe(1),
    );
  });

  it('keeps a pick made after the first navigation settled but before it was on screen', async () => {
    const { api, router } = openJobs(() => jobsReply([aJob()]), '/jobs?search=compiler');
    await screen.findByRole('article', { name: 'Compiler Engineer' });

    // The router settles the first pick in microtasks; React shows it only on a later task. A second
    // and third pick in between must build on the first, and the late render must not undo them.
    fireEvent.change(select('Job type'), { target: { value: 'Contract' } });
    for (
      let turn = 0;
      turn < 1000 && router.state.location.search !== '?search=compiler&jobType=Contract';
      turn++
    ) {
      await Promise.resolve();
    }
    expect(router.state.location.search).toBe('?search=compiler&jobType=Contract');
    fireEvent.change(select('Work location'), { target: { value: 'Hybrid' } });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    fireEvent.change(select('Experience level'), { target: { value: 'Executive' } });

    const all = '?search=compiler&jobType=Contract&workLocation=Hybrid&experienceLevel=Executive';
    await waitFor(() => expect(router.state.location.search).toBe(all));
    await waitFor(() => expect(countCalls(api, 'GET', `/api/jobs${all}`)).toBe(1));
  });

  it('after Back, a pick builds on the filters on screen again', async () => {
    const { api, router } = openJobs(() => jobsReply([aJob()]), '/jobs?search=compiler');
    await screen.findByRole('article', { name: 'Compiler Engineer' });

    fireEvent.change(select('Work location'), { target: { value: 'Hybrid' } });
    await waitFor(() => expect(select('Work location').value).toBe('Hybrid'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(select('Work location').value).toBe(''));
    fireEvent.change(select('Experience level'), { target: { value: 'Executive' } });

    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=compiler&experienceLevel=Executive'),
    );
    await waitFor(() =>
      expect(countCalls(api, 'GET', '/api/jobs?search=compiler&experienceLevel=Executive')).toBe(1),
    );
  });

  it('pages with Previous, "Page X of Y" and Next, disabled at the ends', async () => {
    const { api, user } = openJobs((_method, url) =>
      url.includes('page=2')
        ? jobsReply([aJob({ title: 'Second page job' })], { currentPage: 2, totalPages: 2, totalJobs: 11 })
        : jobsReply([aJob()], { currentPage: 1, totalPages: 2, totalJobs: 11 }),
    );
    await screen.findByRole('article', { name: 'Compiler Engineer' });

    const pages = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(pages.getByText('Page 1 of 2')).toBeTruthy();
    expect((pages.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('11 jobs found');

    await user.click(pages.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('article', { name: 'Second page job' })).toBeTruthy();
    expect(pages.getByText('Page 2 of 2')).toBeTruthy();
    expect((pages.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect((pages.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
    expect(countCalls(api, 'GET', '/api/jobs?page=2')).toBe(1);
  });
});

describe('jobs list: location, minimum salary, date posted and order', () => {
  function jobsCalls(api: ReturnType<typeof openJobs>['api']): string[] {
    return api.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.startsWith('/api/jobs?') || url === '/api/jobs');
  }

  function locationField(): HTMLInputElement {
    return screen.getByRole('textbox', { name: 'Location' }) as HTMLInputElement;
  }

  it('labels the new controls and offers the choices of the contracts, Most relevant first', async () => {
    openJobs(() => jobsReply([aJob()]));
    await screen.findByRole('article', { name: 'Compiler Engineer' });

    // jsdom knows no role of <search> yet: found by its tag.
    const landmark = screen.getByRole('main').querySelector('search');
    expect(landmark?.getAttribute('aria-label')).toBe('Search jobs');
    const search = within(landmark as HTMLElement);
    expect(search.getByText('Search jobs', { selector: 'label' })).toBeTruthy();
    expect(search.getByText('Location', { selector: 'label' })).toBeTruthy();
    expect(search.getByRole('textbox', { name: 'Location' }).getAttribute('placeholder')).toBe(
      'City, state or country',
    );
    expect(screen.getByText('Minimum salary', { selector: 'label' })).toBeTruthy();
    expect(screen.getByText('Date posted', { selector: 'label' })).toBeTruthy();
    expect(screen.getByText('Sort by', { selector: 'label' })).toBeTruthy();

    expect([...select('Minimum salary').options].map((option) => [option.value, option.textContent])).toEqual(
      [
        ['', 'Any salary'],
        ['40000', '$40,000+'],
        ['60000', '$60,000+'],
        ['80000', '$80,000+'],
        ['100000', '$100,000+'],
        ['120000', '$120,000+'],
        ['150000', '$150,000+'],
      ],
    );
    expect([...select('Date posted').options].map((option) => [option.value, option.textContent])).toEqual([
      ['', 'Any time'],
      ['1', 'Last 24 hours'],
      ['3', 'Last 3 days'],
      ['7', 'Last 7 days'],
      ['14', 'Last 14 days'],
      ['30', 'Last 30 days'],
    ]);
    // Shown without search text too: one may sort by salary without searching.
    expect([...select('Sort by').options].map((option) => [option.value, option.textContent])).toEqual([
      ['relevance', 'Most relevant'],
      ['newest', 'Newest'],
      ['salary', 'Highest salary'],
    ]);
    expect(select('Minimum salary').value).toBe('');
    expect(select('Date posted').value).toBe('');
    expect(select('Sort by').value).toBe('relevance');
    expect(locationField().value).toBe('');
  });

  it.each([
    { label: 'Minimum salary', option: '$80,000+', param: 'minSalary=80000' },
    { label: 'Date posted', option: 'Last 24 hours', param: 'postedWithin=1' },
    { label: 'Date posted', option: 'Last 14 days', param: 'postedWithin=14' },
    { label: 'Sort by', option: 'Highest salary', param: 'sort=salary' },
    { label: 'Sort by', option: 'Newest', param: 'sort=newest' },
  ])(
    '"$label: $option" puts $param in the URL and the request, back on page 1',
    async ({ label, option, param }) => {
      const { api, user, router } = openJobs(
        () => jobsReply([aJob()], { currentPage: 2, totalPages: 3, totalJobs: 25 }),
        '/jobs?search=compiler&page=2',
      );
      await screen.findByRole('article', { name: 'Compiler Engineer' });
      expect(countCalls(api, 'GET', '/api/jobs?search=compiler&page=2')).toBe(1);

      await user.selectOptions(select(label), option);

      await waitFor(() => expect(router.state.location.search).toBe(`?search=compiler&${param}`));
      await waitFor(() => expect(countCalls(api, 'GET', `/api/jobs?search=compiler&${param}`)).toBe(1));
      // The select shows the URL's choice once the screen renders the new location (a later render).
      await waitFor(() => expect(select(label).selectedOptions[0]?.textContent).toBe(option));
    },
  );

  it('leaves sort out of the URL and the request when it goes back to Most relevant', async () => {
    const { api, user, router } = openJobs(() => jobsReply([aJob()]), '/jobs?sort=newest');
    await screen.findByRole('article', { name: 'Compiler Engineer' });
    expect(select('Sort by').value).toBe('newest');
    expect(countCalls(api, 'GET', '/api/jobs?sort=newest')).toBe(1);

    await user.selectOptions(select('Sort by'), 'Most relevant');

    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(countCalls(api, 'GET', '/api/jobs')).toBe(1));
    expect(jobsCalls(api).some((url) => url.includes('sort='))).toBe(true);
    expect(jobsCalls(api).filter((url) => url.includes('sort=relevance'))).toEqual([]);
  });

  it('applies the location with the keywords on submit, not at each keystroke, back on page 1', async () => {
    const { api, user, router } = openJobs(() => jobsReply([aJob()]), '/jobs?page=3');
    await screen.findByRole('article', { name: 'Compiler Engineer' });

    await user.type(locationField(), '  Berlin ');
    // A select changed meanwhile sends its own change, not the location still being typed.
    await user.selectOptions(select('Job type'), 'Contract');
    await waitFor(() => expect(router.state.location.search).toBe('?jobType=Contract'));
    await waitFor(() => expect(countCalls(api, 'GET', '/api/jobs?jobType=Contract')).toBe(1));
    expect(jobsCalls(api).filter((url) => url.includes('location='))).toEqual([]);
    expect(locationField().value).toBe('  Berlin ');

    await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'rust');
    await user.type(locationField(), '{Enter}');

    await waitFor(() =>
      expect(router.state.location.search).toBe('?jobType=Contract&search=rust&location=Berlin'),
    );
    await waitFor(() =>
      expect(countCalls(api, 'GET', '/api/jobs?search=rust&jobType=Contract&location=Berlin')).toBe(1),
    );
    await waitFor(() => expect(locationField().value).toBe('Berlin'));

    // The Search button sends it too, and an emptied field takes the location away.
    await user.clear(locationField());
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?jobType=Contract&search=rust'));
  });

  it('opens with the location, salary, date and order of the URL and sends them in one request', async () => {
    const all = 'search=compiler&location=Berlin&minSalary=80000&postedWithin=7&sort=salary&page=2';
    const { api } = openJobs(
      () => jobsReply([aJob()], { currentPage: 2, totalPages: 2, totalJobs: 11 }),
      `/jobs?${all}`,
    );
    await screen.findByRole('article', { name: 'Compiler Engineer' });

    expect(locationField().value).toBe('Berlin');
    expect(select('Minimum salary').value).toBe('80000');
    expect(select('Date posted').value).toBe('7');
    expect(select('Sort by').value).toBe('salary');
    // The route's loader and the screen read the same cache entry: one request, not two.
    expect(jobsCalls(api)).toEqual([`/api/jobs?${all}`]);
  });

  it('Clear Filters clears the location, salary, date and order too', async () => {
    const { api, user, router } = openJobs(
      () => jobsReply([aJob()]),
      '/jobs?search=compiler&location=Berlin&minSalary=80000&postedWithin=7&sort=salary',
    );
    await screen.findByRole('article', { name: 'Compiler Engineer' });
    await user.type(locationField(), ' Mitte');

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));

    await waitFor(() => {
      expect(router.state.location.search).toBe('');
      expect(locationField().value).toBe('');
      expect((screen.getByRole('searchbox', { name: 'Search jobs' }) as HTMLInputElement).value).toBe('');
      expect(select('Minimum salary').value).toBe('');
      expect(select('Date posted').value).toBe('');
      expect(select('Sort by').value).toBe('relevance');
    });
    await waitFor(() => expect(countCalls(api, 'GET', '/api/jobs')).toBe(1));

    // A location typed but not sent yet goes too, as the search text does.
    await user.type(locationField(), 'Lyon');
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(locationField().value).toBe(''));
    expect(router.state.location.search).toBe('');
  });

  it('shows the defaults for values the lists do not offer, and sends nothing for them', async () => {
    const { api } = openJobs(
      () => jobsReply([aJob()]),
      '/jobs?minSalary=abc&postedWithin=2&sort=cheap&location=%20%20',
    );
    await screen.findByRole('article', { name: 'Compiler Engineer' });

    expect(select('Minimum salary').value).toBe('');
    expect(select('Date posted').value).toBe('');
    expect(select('Sort by').value).toBe('relevance');
    expect(locationField().value).toBe('');
    expect(jobsCalls(api)).toEqual(['/api/jobs']);
  });

  it('reads only the digits of an offered salary or date as that choice', async () => {
    const { api } = openJobs(
      () => jobsReply([aJob()]),
      '/jobs?minSalary=75000&postedWithin=7.0&sort=RELEVANCE',
    );
    await screen.findByRole('article', { name: 'Compiler Engineer' });

    expect(select('Minimum salary').value).toBe('');
    expect(select('Date posted').value).toBe('');
    expect(jobsCalls(api)).toEqual(['/api/jobs']);
  });

  it('keeps the salary, date and order picked before the first has settled', async () => {
    const { api, router } = openJobs(() => jobsReply([aJob()]), '/jobs?search=compiler');
    await screen.findByRole('article', { name: 'Compiler Engineer' });

    act(() => {
      fireEvent.change(select('Minimum salary'), { target: { value: '100000' } });
      fireEvent.change(select('Date posted'), { target: { value: '3' } });
      fireEvent.change(select('Sort by'), { target: { value: 'salary' } });
    });

    const all = '?search=compiler&minSalary=100000&postedWithin=3&sort=salary';
    await waitFor(() => expect(router.state.location.search).toBe(all));
    await waitFor(() => expect(countCalls(api, 'GET', `/api/jobs${all}`)).toBe(1));
  });

  it('keeps each combination in its own cache entry: going Back shows the earlier list without asking again', async () => {
    const { api, user, router } = openJobs((_method, url) =>
      jobsReply([aJob({ title: url.includes('sort=salary') ? 'Best paid' : 'Compiler Engineer' })]),
    );
    await screen.findByRole('article', { name: 'Compiler Engineer' });

    await user.selectOptions(select('Sort by'), 'Highest salary');
    expect(await screen.findByRole('article', { name: 'Best paid' })).toBeTruthy();

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('article', { name: 'Compiler Engineer' })).toBeTruthy();
    expect(select('Sort by').value).toBe('relevance');
    expect(jobsCalls(api)).toEqual(['/api/jobs', '/api/jobs?sort=salary']);
  });
});

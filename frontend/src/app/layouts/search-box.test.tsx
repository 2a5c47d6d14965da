import type { SiteSearchResults } from '@careers/contracts/api/search-routes';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aJob } from '../../features/jobs/testing';
import { ada, jsonReply, stubSession } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

const results: SiteSearchResults = {
  people: [
    {
      _id: '5d1e4c9a-3b2f-4e8a-9c7d-1a2b3c4d5e6f',
      firstName: 'Grace',
      lastName: 'Hopper',
      jobTitle: 'Admiral',
      profilePicture: null,
      location: { city: 'Arlington', state: '', country: 'USA' },
      skills: [],
    },
  ],
  companies: [
    { slug: 'grace-labs', name: 'Grace Labs', industry: 'Software', size: '11-50', website: '', openJobs: 2 },
  ],
  jobs: [aJob({ title: 'Graceful Engineer' })],
  totalJobs: 1,
};

/** A session whose GET /api/search answers `results` for any text, counting the calls. */
function stubSearch() {
  const asked: string[] = [];
  stubSession(ada, (method, url) => {
    if (method === 'GET' && url.startsWith('/api/search?')) {
      asked.push(new URL(url, 'http://x').searchParams.get('q') ?? '');
      return jsonReply(200, { data: results });
    }
    return jsonReply(404, { message: 'Not found' });
  });
  return asked;
}

describe('top bar search', () => {
  it('sends the trimmed text to /jobs as the search parameter', async () => {
    stubSearch();
    const { user, router } = renderApp('/dashboard');

    const box = await screen.findByRole('combobox', { name: 'Search' });
    expect(box.getAttribute('placeholder')).toBe('Search jobs, people, companies...');
    await user.type(box, '   react developer  {Enter}');

    expect(await screen.findByRole('heading', { name: 'Find Jobs' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('react developer');
  });

  it('does nothing when the text is blank', async () => {
    stubSearch();
    const { user, router } = renderApp('/dashboard');

    await user.type(await screen.findByRole('combobox', { name: 'Search' }), '    {Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeTruthy();
  });
});

describe('the typeahead (beyond the spec)', () => {
  it('offers people, companies and jobs in groups as one types, once the text rests', async () => {
    const asked = stubSearch();
    const { user } = renderApp('/dashboard');
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'gra');

    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(within(list).getByRole('group', { name: 'People' })).toBeTruthy();
    expect(within(list).getByRole('option', { name: /Grace Hopper/ }).textContent).toContain('Admiral');
    expect(within(list).getByRole('option', { name: /Grace Labs/ }).textContent).toContain('2 open jobs');
    expect(within(list).getByRole('option', { name: /Graceful Engineer/ })).toBeTruthy();
    expect(within(list).getByRole('option', { name: 'See all results for "gra"' })).toBeTruthy();
    expect(document.querySelector('.typeahead-count[aria-live="polite"]')?.textContent).toBe('3 suggestions');
    // Three keys, one request: the typeahead waits for the text to rest.
    expect(asked).toEqual(['gra']);
  });

  it('walks the options with the arrow keys and opens the one walked to with Enter', async () => {
    stubSearch();
    const { user, router } = renderApp('/dashboard');
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'gra');
    await screen.findByRole('option', { name: /Grace Hopper/ });

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = document.getElementById(box.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toContain('Grace Labs');
    expect(active?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe(`/people/${results.people[0]?._id}`));
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('walks past the last option back to the box, where Enter is the spec: the jobs list', async () => {
    stubSearch();
    const { user, router } = renderApp('/dashboard');
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'gra');
    await screen.findByRole('option', { name: /Grace Hopper/ });

    // Four options: four steps down reach "See all results", a fifth comes back to the box.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.getElementById(box.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe(
      'See all results for "gra"',
    );
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
  });

  it('closes with Escape, and a click on "See all results" opens the search page', async () => {
    stubSearch();
    const { user, router } = renderApp('/dashboard');
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'gra');
    await screen.findByRole('option', { name: /Grace Hopper/ });
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');

    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'See all results for "gra"' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=gra');
    // The search page's code loads on first use: given time on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Results for "gra"' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Grace Hopper' })).getAttribute('href')).toBe(
      `/people/${results.people[0]?._id}`,
    );
    expect(screen.getByRole('link', { name: 'Grace Labs' }).getAttribute('href')).toBe(
      '/companies/grace-labs',
    );
    expect(screen.getByRole('link', { name: 'See the 1 job' }).getAttribute('href')).toBe('/jobs?search=gra');
  });
});

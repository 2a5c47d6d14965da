import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { serverEvents } from '@careers/contracts/sockets';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { countCalls, type FetchStub, jsonReply, sentBodies } from '../../../testing/fake-api';
import { fakeSocket } from '../../../testing/fake-socket';
import { minutesAgo } from '../../../testing/posts';
import { openSignedIn } from '../../../testing/render-app';
import { aConnection, aSuggestion, type ConnectionLists, connectionsApi } from '../testing';

const LIST = '/api/users/connections';
const PENDING = '/api/users/connections/pending';
const SENT = '/api/users/connections/sent';
const SUGGESTED = '/api/users/suggested-connections';

function noLists(): ConnectionLists {
  return { connections: [], pending: [], sent: [], suggested: [] };
}

function openConnections(
  lists: ConnectionLists,
  path = '/connections',
  others?: Parameters<typeof connectionsApi>[1],
) {
  return openSignedIn(path, connectionsApi(lists, others));
}

/** The tab's name and its badge: "Pending Requests" and "1" (no badge while the count is unknown). */
function tabs(): Array<[string, string | undefined]> {
  return screen.getAllByRole('tab').map((tab) => {
    const badge = tab.querySelector('.tab-count');
    return [
      (tab.textContent?.replace(badge?.textContent ?? '', '') ?? '').trim(),
      badge?.textContent ?? undefined,
    ];
  });
}

const names = () =>
  within(screen.getByRole('tabpanel'))
    .queryAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);

/** Every GET of the connections list the screen made, as query strings. */
function listQueries(api: FetchStub): string[] {
  return api.mock.calls
    .map(([input, init]) => [String(input), init?.method ?? 'GET'] as const)
    .filter(([url, method]) => method === 'GET' && new URL(url, 'http://app').pathname === LIST)
    .map(([url]) => new URL(url, 'http://app').search);
}

/** A signed token as the gateway pushes it (the signature is the server's business, any 22 characters). */
const tokenOf = (streamId: string, version: number) => `${streamId}@${version}.${'s'.repeat(22)}`;

const grace = aConnection();
const edsger = aConnection(
  {
    firstName: 'Edsger',
    lastName: 'Dijkstra',
    bio: '  ',
    location: { city: '', state: '', country: 'Netherlands' },
    email: 'ewd@example.com',
  },
  { createdAt: minutesAgo(60) },
);

describe('connections: the tabs', () => {
  it('shows the three tabs with their counts, My Connections first, as an accessible tab list', async () => {
    openConnections({
      connections: [grace, edsger],
      pending: [aConnection({ firstName: 'Alan', lastName: 'Turing' }, { status: 'pending' })],
      sent: [],
      suggested: [aSuggestion(), aSuggestion(), aSuggestion()],
    });

    expect(await screen.findByRole('heading', { name: 'Connections', level: 1 })).toBeTruthy();
    await waitFor(() =>
      expect(tabs()).toEqual([
        ['My Connections', '2'],
        ['Pending Requests', '1'],
        ['Suggested', '3'],
      ]),
    );
    expect(screen.getByRole('tablist', { name: 'Connections' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Pending Requests 1' })).toBeTruthy();
    const [mine, pending] = screen.getAllByRole('tab');
    expect(mine?.getAttribute('aria-selected')).toBe('true');
    expect(pending?.getAttribute('aria-selected')).toBe('false');
    expect(mine?.tabIndex).toBe(0);
    expect(pending?.tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: /My Connections/ })).toBeTruthy();
  });

  it('moves between the tabs with the arrow keys, Home and End, and keeps the tab in the URL', async () => {
    const { user, router } = openConnections({ ...noLists(), connections: [grace] });
    const mine = await screen.findByRole('tab', { name: /My Connections/ });
    await screen.findByRole('article', { name: 'Grace Hopper' });

    mine.focus();
    await user.keyboard('{ArrowRight}');
    const pending = screen.getByRole('tab', { name: /Pending Requests/ });
    expect(document.activeElement).toBe(pending);
    expect(pending.getAttribute('aria-selected')).toBe('true');
    expect(router.state.location.search).toBe('?tab=pending');
    expect(await screen.findByRole('heading', { name: 'No Pending Requests' })).toBeTruthy();

    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Suggested/ }));
    expect(router.state.location.search).toBe('?tab=suggested');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(mine);
    expect(router.state.location.search).toBe('');
    await user.keyboard('{ArrowLeft}{Home}');
    expect(document.activeElement).toBe(mine);
  });

  it('opens on the tab the URL names', async () => {
    openConnections(noLists(), '/connections?tab=suggested');

    expect(await screen.findByRole('heading', { name: 'No Suggested Connections' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Suggested/ }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('connections: My Connections', () => {
  it('shows each card: initials, name, bio or "No bio available", city and country, Message and Remove', async () => {
    openConnections({ ...noLists(), connections: [grace, edsger] });

    const first = within(await screen.findByRole('article', { name: 'Grace Hopper' }));
    expect(first.getByText('GH').getAttribute('aria-hidden')).toBe('true');
    // A bio may be in any script: it takes the direction of its own text.
    expect(first.getByText('Wrote the first compiler.').getAttribute('dir')).toBe('auto');
    expect(first.getByText('Arlington, USA')).toBeTruthy();
    expect(first.getByRole('button', { name: 'Remove' })).toBeTruthy();
    // Message opens a conversation (features/messages/components/message-button.test.tsx).
    expect(first.getByRole('button', { name: 'Message' })).toBeTruthy();

    const second = within(screen.getByRole('article', { name: 'Edsger Dijkstra' }));
    expect(second.getByText('No bio available')).toBeTruthy();
    expect(second.getByText('Netherlands')).toBeTruthy();
    expect(second.getByRole('button', { name: 'Message' }).getAttribute('title')).toBe(
      'Send Edsger Dijkstra a message',
    );
    expect(names()).toEqual(['Grace Hopper', 'Edsger Dijkstra']);
  });

  it('says "No Connections" before any connection', async () => {
    openConnections(noLists());

    expect(await screen.findByRole('heading', { name: 'No Connections' })).toBeTruthy();
    expect(tabs()[0]).toEqual(['My Connections', '0']);
  });

  it('asks the server with the search, the status and the sort (name ascending by default), and clears them', async () => {
    const { api, user } = openConnections({ ...noLists(), connections: [grace] });
    await screen.findByRole('article', { name: 'Grace Hopper' });
    expect(listQueries(api)).toEqual(['']);
    const status = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    const sort = screen.getByRole('combobox', { name: 'Sort' }) as HTMLSelectElement;
    expect([...status.options].map((option) => option.textContent)).toEqual(['All', 'accepted', 'pending']);
    expect([...sort.options].map((option) => option.textContent)).toEqual([
      'Name (A-Z)',
      'Name (Z-A)',
      'Newest first',
      'Oldest first',
    ]);
    expect(sort.value).toBe('name-asc');

    await user.type(screen.getByRole('searchbox', { name: 'Search connections' }), ' hop ');
    await waitFor(() => expect(listQueries(api)).toContain('?search=hop'));
    await user.selectOptions(status, 'pending');
    await waitFor(() => expect(listQueries(api)).toContain('?search=hop&status=pending'));
    await user.selectOptions(sort, 'Newest first');
    await waitFor(() =>
      expect(listQueries(api)).toContain('?search=hop&status=pending&sortBy=createdAt&sortOrder=desc'),
    );
    await user.selectOptions(sort, 'Name (Z-A)');
    await waitFor(() => expect(listQueries(api)).toContain('?search=hop&status=pending&sortOrder=desc'));

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect((screen.getByRole('searchbox', { name: 'Search connections' }) as HTMLInputElement).value).toBe(
      '',
    );
    expect(status.value).toBe('');
    expect(sort.value).toBe('name-asc');
  });

  it('says so when the search finds nobody, and keeps the badge at every connection', async () => {
    const lists = { ...noLists(), connections: [grace] };
    const { user } = openConnections(lists);
    await screen.findByRole('article', { name: 'Grace Hopper' });

    lists.connections = [];
    await user.type(screen.getByRole('searchbox', { name: 'Search connections' }), 'nobody');
    expect(await screen.findByText('No connections match your search and filter')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No Connections' })).toBeNull();
    expect(tabs()[0]).toEqual(['My Connections', '1']);
  });

  it('answers a pending entry the reader received, and withdraws one the reader sent', async () => {
    const asked = aConnection({ firstName: 'Alan', lastName: 'Turing' }, { status: 'pending' });
    const mine = aConnection({ firstName: 'Barbara', lastName: 'Liskov' }, { status: 'pending' });
    const { api, user } = openConnections({
      connections: [asked, mine],
      pending: [asked],
      sent: [mine],
      suggested: [],
    });

    const received = within(await screen.findByRole('article', { name: 'Alan Turing' }));
    await waitFor(() => expect(received.getByRole('button', { name: 'Accept' })).toBeTruthy());
    expect(received.getByText('pending')).toBeTruthy();
    expect(received.queryByRole('button', { name: 'Remove' })).toBeNull();
    const sent = within(screen.getByRole('article', { name: 'Barbara Liskov' }));
    await user.click(await sent.findByRole('button', { name: 'Withdraw' }));

    await waitFor(() => expect(countCalls(api, 'DELETE', `${SENT}/${mine._id}`)).toBe(1));
  });

  it('removes a connection after asking, and a cancelled question changes nothing', async () => {
    const lists = { ...noLists(), connections: [grace, edsger] };
    const { api, user } = openConnections(lists);
    const card = within(await screen.findByRole('article', { name: 'Grace Hopper' }));

    await user.click(card.getByRole('button', { name: 'Remove' }));
    expect(card.getByText('Remove Grace Hopper from your connections?')).toBeTruthy();
    expect(document.activeElement).toBe(card.getByRole('button', { name: 'Remove' }));
    await user.click(card.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(card.getByRole('button', { name: 'Remove' }));
    await user.click(card.getByRole('button', { name: 'Remove' }));
    await user.keyboard('{Escape}');
    expect(card.queryByText('Remove Grace Hopper from your connections?')).toBeNull();
    expect(document.activeElement).toBe(card.getByRole('button', { name: 'Remove' }));
    expect(countCalls(api, 'DELETE', `${LIST}/${grace._id}`)).toBe(0);

    await user.click(card.getByRole('button', { name: 'Remove' }));
    lists.connections = [edsger];
    await user.click(card.getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(names()).toEqual(['Edsger Dijkstra']));
    expect(countCalls(api, 'DELETE', `${LIST}/${grace._id}`)).toBe(1);
    expect(tabs()[0]).toEqual(['My Connections', '1']);
    expect(screen.getByRole('status').textContent).toBe('Connection removed');
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
  });

  it('adds the next page with "Load more" while the server says there is one', async () => {
    const page = (data: (typeof grace)[], currentPage: number, hasNext: boolean) =>
      jsonReply(200, {
        data,
        pagination: { currentPage, totalPages: 2, totalConnections: 11, hasNext, hasPrev: currentPage > 1 },
      });
    const { api, user } = openConnections(noLists(), '/connections', (method, url) => {
      const at = new URL(url, 'http://app');
      if (method !== 'GET' || at.pathname !== LIST) return undefined;
      return at.searchParams.get('page') === '2' ? page([edsger], 2, false) : page([grace], 1, true);
    });
    await screen.findByRole('article', { name: 'Grace Hopper' });
    await waitFor(() => expect(tabs()[0]).toEqual(['My Connections', '11']));

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('article', { name: 'Edsger Dijkstra' })).toBeTruthy();
    expect(names()).toEqual(['Grace Hopper', 'Edsger Dijkstra']);
    expect(listQueries(api)).toContain('?page=2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the server text alone when the list fails, and tries again', async () => {
    let fail = true;
    const { user } = openConnections({ ...noLists(), connections: [grace] }, '/connections', (method, url) =>
      fail && method === 'GET' && new URL(url, 'http://app').pathname === LIST
        ? jsonReply(400, { message: 'Search text must be at most 100 characters' })
        : undefined,
    );

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Search text must be at most 100 characters');
    expect(within(alert).queryByRole('heading')).toBeNull();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Grace Hopper' })).toBeTruthy();
  });
});

describe('connections: Pending Requests', () => {
  it('shows "Wants to connect with you", the time, Accept and Decline, and the Sent list with Withdraw', async () => {
    const alan = aConnection(
      { firstName: 'Alan', lastName: 'Turing' },
      { status: 'pending', createdAt: minutesAgo(5) },
    );
    const barbara = aConnection(
      { firstName: 'Barbara', lastName: 'Liskov' },
      { status: 'pending', createdAt: minutesAgo(60 * 3) },
    );
    openConnections({ ...noLists(), pending: [alan], sent: [barbara] }, '/connections?tab=pending');

    const received = within(await screen.findByRole('region', { name: 'Received' }));
    const card = within(await received.findByRole('article', { name: 'Alan Turing' }));
    expect(card.getByText('Wants to connect with you')).toBeTruthy();
    expect(card.getByText('5m ago')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Decline' })).toBeTruthy();

    const sent = within(screen.getByRole('region', { name: 'Sent' }));
    const mine = within(sent.getByRole('article', { name: 'Barbara Liskov' }));
    expect(mine.getByText('Request sent')).toBeTruthy();
    expect(mine.getByText('3h ago')).toBeTruthy();
    expect(mine.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
  });

  it('says "No Pending Requests" and that no request of the reader waits', async () => {
    openConnections(noLists(), '/connections?tab=pending');

    expect(await screen.findByRole('heading', { name: 'No Pending Requests' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No requests waiting for an answer' })).toBeTruthy();
  });

  it('accepts: the request leaves the list at once, and the connections are read again', async () => {
    const alan = aConnection({ firstName: 'Alan', lastName: 'Turing' }, { status: 'pending' });
    const lists = { ...noLists(), pending: [alan] };
    const { api, user } = openConnections(lists, '/connections?tab=pending');
    const card = within(await screen.findByRole('article', { name: 'Alan Turing' }));
    await waitFor(() => expect(tabs()[1]).toEqual(['Pending Requests', '1']));

    lists.pending = [];
    lists.connections = [{ ...alan, status: 'accepted' }];
    await user.click(card.getByRole('button', { name: 'Accept' }));

    expect(await screen.findByRole('heading', { name: 'No Pending Requests' })).toBeTruthy();
    expect(sentBodies(api, 'PUT', `${LIST}/${alan._id}`)).toEqual([{ status: 'accepted' }]);
    await waitFor(() => expect(tabs().map(([, count]) => count)).toEqual(['1', '0', '0']));
    expect(screen.getByRole('status').textContent).toBe('Connection request accepted');
  });

  it('has the feed read again when next opened, as a connection shows or hides posts there', async () => {
    const alan = aConnection({ firstName: 'Alan', lastName: 'Turing' }, { status: 'pending' });
    const lists = { ...noLists(), pending: [alan] };
    const feed = '/api/posts/feed';
    const { api, user, router } = openConnections(lists, '/feed', (method, url) =>
      method === 'GET' && new URL(url, 'http://app').pathname === feed
        ? jsonReply(200, {
            data: [],
            pagination: { currentPage: 1, totalPages: 1, totalPosts: 0, hasNext: false, hasPrev: false },
          })
        : undefined,
    );
    await screen.findByText('No posts yet');
    const feedReads = () => api.mock.calls.filter(([input]) => String(input).startsWith(feed)).length;
    const before = feedReads();

    await router.navigate('/connections?tab=pending');
    const card = within(await screen.findByRole('article', { name: 'Alan Turing' }));
    lists.pending = [];
    await user.click(card.getByRole('button', { name: 'Accept' }));
    await screen.findByRole('heading', { name: 'No Pending Requests' });
    expect(feedReads()).toBe(before);

    await router.navigate('/feed');
    await waitFor(() => expect(feedReads()).toBe(before + 1));
  });

  it('declines with rejected', async () => {
    const alan = aConnection({ firstName: 'Alan', lastName: 'Turing' }, { status: 'pending' });
    const lists = { ...noLists(), pending: [alan] };
    const { api, user } = openConnections(lists, '/connections?tab=pending');
    const card = within(await screen.findByRole('article', { name: 'Alan Turing' }));

    lists.pending = [];
    await user.click(card.getByRole('button', { name: 'Decline' }));

    expect(await screen.findByRole('heading', { name: 'No Pending Requests' })).toBeTruthy();
    expect(sentBodies(api, 'PUT', `${LIST}/${alan._id}`)).toEqual([{ status: 'rejected' }]);
    expect(screen.getByRole('status').textContent).toBe('Connection request declined');
  });

  it('withdraws a sent request', async () => {
    const barbara = aConnection({ firstName: 'Barbara', lastName: 'Liskov' }, { status: 'pending' });
    const lists = { ...noLists(), sent: [barbara] };
    const { api, user } = openConnections(lists, '/connections?tab=pending');
    const card = within(await screen.findByRole('article', { name: 'Barbara Liskov' }));

    lists.sent = [];
    await user.click(card.getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByRole('heading', { name: 'No requests waiting for an answer' })).toBeTruthy();
    expect(countCalls(api, 'DELETE', `${SENT}/${barbara._id}`)).toBe(1);
    expect(screen.getByRole('status').textContent).toBe('Connection request withdrawn');
  });

  it('only logs a failed answer (spec), and reads the lists again to show what is true', async () => {
    const alan = aConnection({ firstName: 'Alan', lastName: 'Turing' }, { status: 'pending' });
    const lists = { ...noLists(), pending: [alan] };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api, user } = openConnections(lists, '/connections?tab=pending', (method) =>
      method === 'PUT'
        ? jsonReply(409, { message: 'This connection request has already been answered' })
        : undefined,
    );
    const card = within(await screen.findByRole('article', { name: 'Alan Turing' }));
    const readsBefore = countCalls(api, 'GET', PENDING);

    lists.pending = [];
    await user.click(card.getByRole('button', { name: 'Accept' }));

    expect(await screen.findByRole('heading', { name: 'No Pending Requests' })).toBeTruthy();
    expect(countCalls(api, 'GET', PENDING)).toBeGreaterThan(readsBefore);
    expect(logged).toHaveBeenCalledWith('Failed to respond to connection request', expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('connections: Suggested', () => {
  it('shows the name, the bio, up to 3 skills then "...", the mutual connections and Connect', async () => {
    const skill = (name: string) => ({ name, proficiency: 'Expert' as const, experience: 3 });
    openConnections(
      {
        ...noLists(),
        suggested: [
          aSuggestion({
            skills: ['COBOL', 'FLOW-MATIC', 'Compilers', 'Navy'].map(skill),
            mutualConnections: 2,
          }),
          aSuggestion({
            firstName: 'Ada',
            lastName: 'Byron',
            bio: '',
            skills: [skill('Maths')],
            mutualConnections: 1,
          }),
          aSuggestion({ firstName: 'Linus', lastName: 'Torvalds' }),
        ],
      },
      '/connections?tab=suggested',
    );

    const first = within(await screen.findByRole('article', { name: 'Alan Turing' }));
    expect(first.getByText('Computable numbers.')).toBeTruthy();
    const skills = first.getByRole('list', { name: 'Skills' });
    expect(
      within(skills)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['COBOL', 'FLOW-MATIC', 'Compilers', '...+1 more']);
    expect(first.getByText('2 mutual connections')).toBeTruthy();
    expect(first.getByRole('button', { name: 'Connect' })).toBeTruthy();

    const second = within(screen.getByRole('article', { name: 'Ada Byron' }));
    expect(second.getByText('No bio available')).toBeTruthy();
    expect(second.getByText('1 mutual connection')).toBeTruthy();
    expect(within(second.getByRole('list', { name: 'Skills' })).getAllByRole('listitem')).toHaveLength(1);
    const third = within(screen.getByRole('article', { name: 'Linus Torvalds' }));
    expect(third.queryByText(/mutual/)).toBeNull();
    expect(third.queryByRole('list')).toBeNull();
  });

  it('tells two people of one name apart by job title and place, says why each is suggested, and links the name to the profile', async () => {
    const skill = (name: string) => ({ name, proficiency: 'Expert' as const, experience: 3 });
    const [berlin, munich, plain] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    openConnections(
      {
        ...noLists(),
        suggested: [
          aSuggestion({ _id: crypto.randomUUID(), firstName: 'Eve', lastName: 'Ng', mutualConnections: 1 }),
          aSuggestion({
            _id: berlin,
            firstName: 'Charlie',
            lastName: 'Tester',
            jobTitle: 'Frontend Engineer',
            location: { city: 'Berlin', state: '', country: 'Germany' },
            skills: ['React', 'TypeScript', 'CSS'].map(skill),
            reason: { kind: 'skills', skills: ['React', 'TypeScript'] },
          }),
          aSuggestion({
            _id: munich,
            firstName: 'Charlie',
            lastName: 'Tester',
            jobTitle: 'Data Analyst',
            location: { city: 'Munich', state: 'Bavaria', country: 'Germany' },
            skills: [skill('React')],
            reason: { kind: 'skills', skills: ['React'] },
          }),
          aSuggestion({
            _id: plain,
            firstName: 'Dana',
            lastName: 'Lee',
            location: { city: 'Berlin', state: '', country: '' },
            reason: { kind: 'place', city: 'Berlin' },
          }),
          aSuggestion({ firstName: 'Linus', lastName: 'Torvalds' }),
        ],
      },
      '/connections?tab=suggested',
    );

    expect(
      within(await screen.findByRole('article', { name: 'Eve Ng' })).getByText('1 mutual connection'),
    ).toBeTruthy();
    const [first, second] = screen.getAllByRole('article', { name: 'Charlie Tester' }).map((a) => within(a));
    if (!first || !second) throw new Error('two Charlie Testers expected');
    expect(first.getByText('Frontend Engineer')).toBeTruthy();
    expect(first.getByText('Berlin, Germany')).toBeTruthy();
    expect(first.getByText('Shares React and TypeScript')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Charlie Tester' }).getAttribute('href')).toBe(
      `/people/${berlin}`,
    );
    expect(second.getByText('Data Analyst')).toBeTruthy();
    expect(second.getByText('Munich, Germany')).toBeTruthy();
    expect(second.getByText('Shares React')).toBeTruthy();
    expect(second.getByRole('link', { name: 'Charlie Tester' }).getAttribute('href')).toBe(
      `/people/${munich}`,
    );
    const dana = within(screen.getByRole('article', { name: 'Dana Lee' }));
    expect(dana.getByText('Also in Berlin')).toBeTruthy();
    expect(dana.getByRole('link', { name: 'Dana Lee' }).getAttribute('href')).toBe(`/people/${plain}`);
    // No job title, place or reason: none of their lines.
    const linus = screen.getByRole('article', { name: 'Linus Torvalds' });
    expect(linus.querySelector('.connection-job-title, .connection-place, .connection-when')).toBeNull();
  });

  it('connects: the person leaves the suggestions at once and the request shows under Sent', async () => {
    const alan = aSuggestion();
    const lists = { ...noLists(), suggested: [alan] };
    const { api, user, router } = openConnections(lists, '/connections?tab=suggested');
    const card = within(await screen.findByRole('article', { name: 'Alan Turing' }));

    lists.suggested = [];
    lists.sent = [
      aConnection({ _id: alan._id, firstName: 'Alan', lastName: 'Turing' }, { status: 'pending' }),
    ];
    await user.click(card.getByRole('button', { name: 'Connect' }));

    expect(await screen.findByRole('heading', { name: 'No Suggested Connections' })).toBeTruthy();
    expect(countCalls(api, 'POST', `/api/users/${alan._id}/connect`)).toBe(1);
    expect(screen.getByRole('status').textContent).toBe('Connection request sent');
    expect(tabs()[2]).toEqual(['Suggested', '0']);
    await user.click(screen.getByRole('tab', { name: /Pending Requests/ }));
    expect(router.state.location.search).toBe('?tab=pending');
    const sent = within(screen.getByRole('region', { name: 'Sent' }));
    expect(await sent.findByRole('article', { name: 'Alan Turing' })).toBeTruthy();
  });

  it('shows the server text alone when the suggestions fail', async () => {
    openConnections(noLists(), '/connections?tab=suggested', (_method, url) =>
      new URL(url, 'http://app').pathname === SUGGESTED ? jsonReply(400, {}) : undefined,
    );

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch suggested connections');
  });
});

describe('connections: live', () => {
  it('a request pushed to the reader raises the Pending badge and fills the list, without a reload', async () => {
    const lists = noLists();
    const { api } = openConnections(lists, '/connections?tab=pending');
    expect(await screen.findByRole('heading', { name: 'No Pending Requests' })).toBeTruthy();
    await waitFor(() => expect(tabs()[1]).toEqual(['Pending Requests', '0']));

    const alan = aConnection(
      { firstName: 'Alan', lastName: 'Turing' },
      { status: 'pending', createdAt: minutesAgo(0) },
    );
    lists.pending = [alan];
    await fakeSocket.push(serverEvents.connectionRequested, {
      connectionId: alan._id,
      requesterId: alan.user._id,
      consistencyToken: tokenOf(alan._id, 1),
    });

    expect(await screen.findByRole('article', { name: 'Alan Turing' })).toBeTruthy();
    expect(tabs()[1]).toEqual(['Pending Requests', '1']);
    const reread = api.mock.calls.filter(
      ([input, init]) =>
        String(input) === PENDING && new Headers(init?.headers).get(CONSISTENCY_HEADER) !== null,
    );
    // The read waits for the push's version of the request's stream.
    expect(new Headers(reread.at(-1)?.[1]?.headers).get(CONSISTENCY_HEADER)).toContain(`${alan._id}@1`);
  });

  it('an answer, a withdrawal or a removal pushed to the reader moves the lists and the counts', async () => {
    const barbara = aConnection({ firstName: 'Barbara', lastName: 'Liskov' }, { status: 'pending' });
    const alan = aConnection({ firstName: 'Alan', lastName: 'Turing' }, { status: 'pending' });
    const lists = { ...noLists(), connections: [grace], pending: [alan], sent: [barbara] };
    openConnections(lists, '/connections?tab=pending');
    await screen.findByRole('article', { name: 'Barbara Liskov' });
    await waitFor(() => expect(tabs().map(([, count]) => count)).toEqual(['1', '1', '0']));

    // Barbara accepts the reader's request: it leaves Sent and she is a connection.
    lists.sent = [];
    lists.connections = [grace, { ...barbara, status: 'accepted' }];
    await fakeSocket.push(serverEvents.connectionUpdated, {
      connectionId: barbara._id,
      status: 'accepted',
      consistencyToken: tokenOf(barbara._id, 2),
    });
    expect(await screen.findByRole('heading', { name: 'No requests waiting for an answer' })).toBeTruthy();
    await waitFor(() => expect(tabs()[0]).toEqual(['My Connections', '2']));

    // Alan takes his request back.
    lists.pending = [];
    await fakeSocket.push(serverEvents.connectionUpdated, {
      connectionId: alan._id,
      status: 'withdrawn',
      consistencyToken: tokenOf(alan._id, 2),
    });
    expect(await screen.findByRole('heading', { name: 'No Pending Requests' })).toBeTruthy();
    expect(tabs()[1]).toEqual(['Pending Requests', '0']);

    // Grace removes the reader.
    lists.connections = [{ ...barbara, status: 'accepted' }];
    await fakeSocket.push(serverEvents.connectionUpdated, {
      connectionId: grace._id,
      status: 'removed',
      consistencyToken: tokenOf(grace._id, 3),
    });
    await waitFor(() => expect(tabs()[0]).toEqual(['My Connections', '1']));
  });

  it('ignores a push that does not match its contract', async () => {
    const { api } = openConnections(noLists(), '/connections?tab=pending');
    await screen.findByRole('heading', { name: 'No Pending Requests' });
    const reads = countCalls(api, 'GET', PENDING);

    await fakeSocket.push(serverEvents.connectionRequested, { connectionId: 'not-an-id' });

    expect(countCalls(api, 'GET', PENDING)).toBe(reads);
  });

  it('stops listening when the screen closes', async () => {
    const { router } = openConnections(noLists());
    await screen.findByRole('heading', { name: 'No Connections' });
    expect(fakeSocket.listenerCount(serverEvents.connectionRequested)).toBe(1);

    await router.navigate('/settings');
    await waitFor(() => expect(fakeSocket.listenerCount(serverEvents.connectionRequested)).toBe(0));
    expect(fakeSocket.listenerCount(serverEvents.connectionUpdated)).toBe(0);
  });
});

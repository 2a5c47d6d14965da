import { postMessages } from '@careers/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../testing/deferred';
import { countCalls, type FetchHandler, jsonReply, sentBodies } from '../../../testing/fake-api';
import { adaAuthor, aPost, feedReply, grace, minutesAgo } from '../../../testing/posts';
import { openSignedIn } from '../../../testing/render-app';

const firstPage = '/api/posts/feed?limit=10';

function openFeed(handler: FetchHandler) {
  return openSignedIn('/feed', handler);
}

function composer(): HTMLTextAreaElement {
  return screen.getByRole('textbox', { name: "What's on your mind?" }) as HTMLTextAreaElement;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('feed screen: list', () => {
  it('asks for the first page and shows each post as the spec lists it', async () => {
    const posts = [
      aPost({
        content: 'Shipped the compiler',
        author: grace,
        tags: ['cobol', 'career'],
        createdAt: minutesAgo(5),
        likesCount: 3,
        commentsCount: 2,
      }),
      aPost({ content: 'First week at the lab', author: adaAuthor, createdAt: minutesAgo(3 * 60) }),
    ];
    const { api } = openFeed(() => feedReply(posts));

    const shipped = within(await screen.findByRole('article', { name: 'Grace Hopper' }));
    expect(screen.getByRole('heading', { name: 'Feed', level: 1 })).toBeTruthy();
    expect(shipped.getByText('G')).toBeTruthy();
    expect(shipped.getByText('Rear Admiral')).toBeTruthy();
    // The author's name opens their profile.
    expect(shipped.getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe(
      `/people/${grace._id}`,
    );
    expect(shipped.getByText('5m ago')).toBeTruthy();
    expect(shipped.getByText('Shipped the compiler')).toBeTruthy();
    expect(
      within(shipped.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['#cobol', '#career']);
    expect(shipped.getByRole('button', { name: 'Like, 3' }).textContent).toBe('3');
    expect(shipped.getByRole('button', { name: 'Comments, 2' }).textContent).toBe('2');

    const own = within(screen.getByRole('article', { name: 'Ada Lovelace' }));
    expect(own.getByText('A')).toBeTruthy();
    expect(own.getByText('Professional')).toBeTruthy();
    expect(own.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      `/people/${adaAuthor._id}`,
    );
    expect(own.getByText('3h ago')).toBeTruthy();
    expect(own.queryByRole('list', { name: 'Tags' })).toBeNull();
    expect(
      screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby') !== null),
    ).toEqual([true, true]);
    expect(countCalls(api, 'GET', firstPage)).toBe(1);
  });

  it("shows the author's picture when there is one", async () => {
    openFeed(() =>
      feedReply([
        aPost({
          content: 'Pictured',
          author: {
            ...grace,
            profilePicture: {
              url: '/api/files/pictures/g1/large',
              avatarUrl: '/api/files/pictures/g1/avatar',
            },
          },
        }),
      ]),
    );

    const card = within(await screen.findByRole('article', { name: 'Grace Hopper' }));
    expect(card.getByRole('img', { name: 'Grace Hopper' }).getAttribute('src')).toBe(
      '/api/files/pictures/g1/avatar',
    );
    expect(card.queryByText('G')).toBeNull();
  });

  it('keeps line breaks and shows markup as text', async () => {
    openFeed(() => feedReply([aPost({ content: 'Line one\n<b>not bold</b>' })]));

    const content = await screen.findByText(/Line one/);
    expect(content.textContent).toBe('Line one\n<b>not bold</b>');
    expect(content.querySelector('b')).toBeNull();
    expect(content.className).toContain('post-content');
  });

  it('says "No posts yet" when the feed is empty', async () => {
    openFeed(() => feedReply([]));

    expect(await screen.findByText(postMessages.noPosts)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the server text in an "Error loading feed" card', async () => {
    openFeed(() => jsonReply(400, { message: 'The following filter must be true or false' }));

    const card = await screen.findByRole('alert');
    expect(within(card).getByRole('heading', { name: 'Error loading feed' })).toBeTruthy();
    expect(card.textContent).toContain('The following filter must be true or false');
    expect(screen.queryByText(postMessages.noPosts)).toBeNull();
  });

  it('loads the next page with page+1 and appends it, until there is none', async () => {
    const older = aPost({ content: 'Older post' });
    const { api, user } = openFeed((_method, url) => {
      if (url === firstPage)
        return feedReply([aPost({ content: 'Newest post' })], { currentPage: 1, totalPages: 2 });
      if (url === '/api/posts/feed?page=2&limit=10')
        return feedReply([older], { currentPage: 2, totalPages: 2 });
      return jsonReply(404, {});
    });

    await user.click(await screen.findByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Older post')).toBeTruthy();
    expect(
      screen.getAllByRole('article').map((card) => card.querySelector('.post-content')?.textContent),
    ).toEqual(['Newest post', 'Older post']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(countCalls(api, 'GET', '/api/posts/feed?page=2&limit=10')).toBe(1);
  });
});

describe('feed screen: composer', () => {
  it('shows the Post button only once there is text, disabled while the text is blank', async () => {
    const { user } = openFeed(() => feedReply([]));
    await screen.findByText(postMessages.noPosts);

    expect(composer().placeholder).toBe("What's on your mind?");
    expect(screen.queryByRole('button', { name: 'Post' })).toBeNull();

    await user.type(composer(), '   ');
    expect((screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement).disabled).toBe(true);

    await user.type(composer(), 'Hi');
    expect((screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement).disabled).toBe(false);

    await user.clear(composer());
    expect(screen.queryByRole('button', { name: 'Post' })).toBeNull();
  });

  it('sends a public text post in Career, puts the answer first and clears the composer', async () => {
    const created = aPost({
      content: 'Just joined!\nSay hi',
      author: adaAuthor,
      createdAt: new Date().toISOString(),
    });
    const reply = deferred<Response>();
    const { api, user } = openFeed((method, url) => {
      if (method === 'GET' && url === firstPage) return feedReply([aPost({ content: 'Earlier post' })]);
      if (method === 'POST' && url === '/api/posts') return reply.promise;
      return jsonReply(404, {});
    });
    await screen.findByText('Earlier post');

    await user.type(composer(), '  Just joined!{Shift>}{Enter}{/Shift}Say hi ');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    // Busy but still focused: aria-disabled, so focus does not fall to the top of the page.
    const posting = screen.getByRole('button', { name: 'Posting...' });
    expect(posting.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(posting);
    reply.resolve(jsonReply(201, { data: created }, { 'x-consistency-token': `${created._id}@1` }));

    expect(await screen.findByText('Just now')).toBeTruthy();
    expect(sentBodies(api, 'POST', '/api/posts')).toEqual([
      { content: 'Just joined!\nSay hi', type: 'text', category: 'Career', visibility: 'public' },
    ]);
    expect(
      screen.getAllByRole('article').map((card) => card.querySelector('.post-content')?.textContent),
    ).toEqual(['Just joined!\nSay hi', 'Earlier post']);
    expect(composer().value).toBe('');
    expect(screen.queryByRole('button', { name: 'Post' })).toBeNull();
    expect(document.activeElement).toBe(composer());
    expect(countCalls(api, 'GET', firstPage)).toBe(1);
  });

  it('posts once for a double click, and sends the same key when the same text is posted again after a failure', async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const created = aPost({ content: 'Once', author: adaAuthor, createdAt: new Date().toISOString() });
    let answer: Response = jsonReply(400, { message: 'Try later' });
    const { api, user } = openFeed((method, url) => {
      if (method === 'POST' && url === '/api/posts') return answer;
      return method === 'GET' && url === firstPage ? feedReply([]) : jsonReply(404, {});
    });
    await screen.findByText(postMessages.noPosts);
    await user.type(composer(), 'Once');

    // Two clicks in the same frame, before any render: one request.
    const button = screen.getByRole('button', { name: 'Post' });
    button.click();
    button.click();
    await waitFor(() => expect(window.alert).toHaveBeenCalledTimes(1));
    answer = jsonReply(201, { data: created });
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByText('Just now');

    const keys = api.mock.calls
      .filter(([input, init]) => String(input) === '/api/posts' && init?.method === 'POST')
      .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends Connections only when chosen beside Post, marks the card so, and keeps the choice; a new choice is a new post', async () => {
    const { api, user } = openFeed((method, url, init) => {
      if (method === 'POST' && url === '/api/posts') {
        const body = JSON.parse(String(init?.body)) as {
          content: string;
          visibility: 'public' | 'connections';
        };
        return jsonReply(201, {
          data: aPost({ ...body, author: adaAuthor, createdAt: new Date().toISOString() }),
        });
      }
      return method === 'GET' && url === firstPage ? feedReply([]) : jsonReply(404, {});
    });
    await screen.findByText(postMessages.noPosts);

    await user.type(composer(), 'For my network');
    const who = screen.getByRole('combobox', { name: 'Who can see this post' });
    expect((who as HTMLSelectElement).value).toBe('public');
    expect(
      within(who)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Everyone', 'Connections only']);
    await user.selectOptions(who, 'Connections only');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Connections only')).toBeTruthy();

    await user.type(composer(), 'For everyone');
    expect((screen.getByRole('combobox', { name: 'Who can see this post' }) as HTMLSelectElement).value).toBe(
      'connections',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Who can see this post' }), 'Everyone');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(
      within(screen.getAllByRole('article')[0] as HTMLElement).queryByText('Connections only'),
    ).toBeNull();

    expect(sentBodies(api, 'POST', '/api/posts')).toEqual([
      { content: 'For my network', type: 'text', category: 'Career', visibility: 'connections' },
      { content: 'For everyone', type: 'text', category: 'Career', visibility: 'public' },
    ]);
    const keys = api.mock.calls
      .filter(([input, init]) => String(input) === '/api/posts' && init?.method === 'POST')
      .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
    expect(new Set(keys).size).toBe(2);
  });

  it('alerts "Failed to create post. Please try again." on failure and keeps the text', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user } = openFeed((method) =>
      method === 'POST' ? jsonReply(400, { message: 'Post content cannot be empty' }) : feedReply([]),
    );
    await screen.findByText(postMessages.noPosts);

    await user.type(composer(), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to create post. Please try again.'));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(composer().value).toBe('Draft');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('counts down the characters left within 200 of the limit, politely, for the composer', async () => {
    const { user } = openFeed(() => feedReply([]));
    await screen.findByText(postMessages.noPosts);

    await user.click(composer());
    await user.paste('x'.repeat(4799));
    expect(composer().getAttribute('aria-describedby')).toBeNull();

    await user.type(composer(), 'x');
    const note = screen.getByText('200 characters left');
    expect(note.getAttribute('aria-live')).toBe('polite');
    expect(composer().getAttribute('aria-describedby')).toBe(note.id);

    await user.paste('x'.repeat(199));
    expect(note.textContent).toBe('1 character left');
  });

  it('keeps a 5,001-character paste whole, says the limit and does not post until it is short enough', async () => {
    const created = aPost({ author: adaAuthor, createdAt: new Date().toISOString() });
    const { api, user } = openFeed((method, url) => {
      if (method === 'POST' && url === '/api/posts') return jsonReply(201, { data: created });
      return method === 'GET' && url === firstPage ? feedReply([]) : jsonReply(404, {});
    });
    await screen.findByText(postMessages.noPosts);

    await user.click(composer());
    await user.paste('y'.repeat(5001));

    expect(composer().value).toHaveLength(5001);
    const note = screen.getByText('Posts can be at most 5,000 characters. Remove 1 to post.');
    expect(composer().getAttribute('aria-describedby')).toBe(note.id);
    expect(composer().getAttribute('aria-invalid')).toBe('true');
    const post = screen.getByRole('button', { name: 'Post' });
    expect(post.getAttribute('aria-disabled')).toBe('true');
    await user.click(post);
    expect(countCalls(api, 'POST', '/api/posts')).toBe(0);
    expect(document.activeElement).toBe(composer());

    await user.type(composer(), '{Backspace}');
    expect(screen.getByText('0 characters left')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(countCalls(api, 'POST', '/api/posts')).toBe(1));
    expect(sentBodies(api, 'POST', '/api/posts')[0]).toMatchObject({ content: 'y'.repeat(5000) });
  });
});

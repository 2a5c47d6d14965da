import type { PersonProfile } from '@careers/contracts/entities/person-card';
import { serverEvents } from '@careers/contracts/sockets';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ada, countCalls, jsonReply, stubSession } from '../../../testing/fake-api';
import { fakeSocket } from '../../../testing/fake-socket';
import { adaAuthor, aPost, feedReply } from '../../../testing/posts';
import { renderApp } from '../../../testing/render-app';

const grace = crypto.randomUUID();

function profile(fields: Partial<PersonProfile> = {}): PersonProfile {
  return {
    _id: grace,
    firstName: 'Grace',
    lastName: 'Hopper',
    jobTitle: 'Rear Admiral',
    profilePicture: null,
    location: { city: 'Arlington', state: 'VA', country: 'USA' },
    skills: [{ name: 'COBOL', proficiency: 'Expert', experience: 30 }],
    bio: 'Invented the compiler',
    email: null,
    phone: null,
    connectionCount: 12,
    mutualConnections: {
      count: 5,
      people: [
        { _id: crypto.randomUUID(), firstName: 'Alan', lastName: 'Turing' },
        { _id: crypto.randomUUID(), firstName: 'Edsger', lastName: 'Dijkstra' },
      ],
    },
    relationship: { status: 'none', connectionId: null },
    ...fields,
  };
}

describe('a person’s profile page', () => {
  it('shows who they are, the connections shared, and Connect; after connecting, Pending', async () => {
    let current = profile();
    const api = stubSession(ada, (method, url) => {
      if (method === 'GET' && url === `/api/people/${grace}`) return jsonReply(200, { data: current });
      if (method === 'POST' && url === `/api/users/${grace}/connect`) {
        current = profile({ relationship: { status: 'sent', connectionId: crypto.randomUUID() } });
        return jsonReply(201, {
          message: 'Connection request sent',
          data: { _id: crypto.randomUUID(), status: 'pending' },
        });
      }
      return jsonReply(404, {});
    });
    const { user } = renderApp(`/people/${grace}`);

    expect(await screen.findByRole('heading', { name: 'Grace Hopper', level: 1 })).toBeTruthy();
    const card = within(screen.getByRole('article', { name: 'Grace Hopper' }));
    for (const text of [
      'Rear Admiral',
      'Arlington, USA',
      '12 connections',
      'Invented the compiler',
      'COBOL',
    ]) {
      expect(card.getByText(text)).toBeTruthy();
    }
    expect(card.getByText('Mutual connections: Alan Turing, Edsger Dijkstra and 3 more')).toBeTruthy();
    expect(card.queryByRole('region', { name: 'Contact' })).toBeNull();

    await user.click(card.getByRole('button', { name: 'Connect' }));
    expect(await card.findByText('Connection request sent')).toBeTruthy();
    expect(await card.findByText('Pending')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(countCalls(api, 'POST', `/api/users/${grace}/connect`)).toBe(1);
  });

  it('shows Accept and Decline for a request from them, and their contact once connected', async () => {
    const requestId = crypto.randomUUID();
    stubSession(ada, (method, url) =>
      method === 'GET' && url === `/api/people/${grace}`
        ? jsonReply(200, { data: profile({ relationship: { status: 'received', connectionId: requestId } }) })
        : jsonReply(404, {}),
    );
    renderApp(`/people/${grace}`);
    const card = within(await screen.findByRole('article', { name: 'Grace Hopper' }));
    expect(card.getByText('Wants to connect with you')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Decline' })).toBeTruthy();
  });

  it('shows a connection’s email and phone, and says so when they are not found', async () => {
    stubSession(ada, (method, url) =>
      method === 'GET' && url === `/api/people/${grace}`
        ? jsonReply(200, {
            data: profile({
              email: 'grace@navy.example',
              phone: '+1 555 0100',
              relationship: { status: 'connected', connectionId: crypto.randomUUID() },
            }),
          })
        : jsonReply(404, { message: 'User not found' }),
    );
    const { router } = renderApp(`/people/${grace}`);
    const contact = within(await screen.findByRole('region', { name: 'Contact' }));
    expect(contact.getByText('grace@navy.example')).toBeTruthy();
    expect(screen.getByText('Connected')).toBeTruthy();

    await router.navigate(`/people/${crypto.randomUUID()}`);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Resource not found.'));
  });
});

describe('the posts on a profile page', () => {
  it('lists the posts the server lets the reader see, asking for that person alone', async () => {
    const asked: string[] = [];
    stubSession(ada, (method, url) => {
      if (method === 'GET' && url === `/api/people/${grace}`) return jsonReply(200, { data: profile() });
      if (method === 'GET' && url.startsWith('/api/posts/feed?')) {
        asked.push(url);
        return jsonReply(200, {
          data: [aPost({ content: 'Compilers are for people' })],
          pagination: {
            page: 1,
            limit: 5,
            total: 1,
            totalPages: 1,
            hasNext: false,
            hasPrev: false,
            totalPosts: 1,
          },
        });
      }
      return jsonReply(404, {});
    });
    renderApp(`/people/${grace}`);

    const posts = within(await screen.findByRole('region', { name: 'Posts' }));
    expect(await posts.findByText('Compilers are for people')).toBeTruthy();
    expect(asked).toEqual([`/api/posts/feed?limit=5&author=${grace}`]);
  });

  it('says so when there is nothing to show', async () => {
    stubSession(ada, (method, url) => {
      if (method === 'GET' && url === `/api/people/${grace}`) return jsonReply(200, { data: profile() });
      if (method === 'GET' && url.startsWith('/api/posts/feed?')) {
        return jsonReply(200, {
          data: [],
          pagination: {
            page: 1,
            limit: 5,
            total: 0,
            totalPages: 0,
            hasNext: false,
            hasPrev: false,
            totalPosts: 0,
          },
        });
      }
      return jsonReply(404, {});
    });
    renderApp(`/people/${grace}`);
    const posts = within(await screen.findByRole('region', { name: 'Posts' }));
    expect(await posts.findByText('No posts to show yet')).toBeTruthy();
  });
});

describe('the reader’s own posts on their profile page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('have the author’s actions and follow edits live; deleting the last hands the focus to the heading', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const mine = aPost({ content: 'My own words', author: adaAuthor });
    const editedAt = new Date().toISOString();
    const api = stubSession(ada, (method, url) => {
      if (method === 'GET' && url === `/api/people/${ada._id}`)
        return jsonReply(200, {
          data: profile({
            _id: ada._id,
            firstName: 'Ada',
            lastName: 'Lovelace',
            relationship: { status: 'self', connectionId: null },
          }),
        });
      if (method === 'GET' && url.startsWith('/api/posts/feed?')) return feedReply([mine]);
      if (method === 'GET' && url === `/api/posts/${mine._id}`)
        return jsonReply(200, { data: { ...mine, content: 'My own words, edited', editedAt } });
      if (method === 'DELETE' && url === `/api/posts/${mine._id}`)
        return jsonReply(200, { message: 'Post deleted' });
      return jsonReply(404, {});
    });
    const { user } = renderApp(`/people/${ada._id}`);
    const posts = within(await screen.findByRole('region', { name: 'Posts' }));
    await posts.findByText('My own words');

    await fakeSocket.push(serverEvents.postEdited, {
      postId: mine._id,
      editedAt,
      consistencyToken: `${mine._id}@2`,
    });
    expect(await posts.findByText('My own words, edited')).toBeTruthy();
    expect(posts.getByText('Edited')).toBeTruthy();

    await user.click(posts.getByRole('button', { name: 'Post actions' }));
    await user.click(posts.getByRole('menuitem', { name: 'Delete' }));

    await waitFor(() => expect(posts.queryByRole('article')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Posts' }));
    expect(countCalls(api, 'DELETE', `/api/posts/${mine._id}`)).toBe(1);
  });
});

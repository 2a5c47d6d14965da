import { serverEvents } from '@careers/contracts/sockets';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, jsonReply, stubSession } from '../testing/fake-api';
import { fakeSocket } from '../testing/fake-socket';
import { feedReply } from '../testing/posts';
import { renderApp } from '../testing/render-app';

describe('the signed-in user, live', () => {
  it('reads the user again, waiting for the change, when another tab changed them (user:updated)', async () => {
    let me = ada;
    const api = stubSession(
      () => me,
      (method, url) =>
        method === 'GET' && url.startsWith('/api/posts/feed') ? feedReply([]) : jsonReply(404, {}),
    );
    renderApp('/feed');
    await screen.findByRole('heading', { name: 'Feed' });
    const mine = () => api.mock.calls.filter(([input]) => String(input) === '/api/auth/me');
    const before = mine().length;

    me = { ...ada, firstName: 'Augusta' };
    await fakeSocket.push(serverEvents.userUpdated, { consistencyToken: `${ada._id}@7` });

    await waitFor(() => expect(mine().length).toBe(before + 1));
    expect(new Headers(mine().at(-1)?.[1]?.headers).get('x-consistency-token')).toBe(`${ada._id}@7`);
    await waitFor(() => expect(screen.getByRole('banner').textContent).toContain('Augusta'));
  });
});

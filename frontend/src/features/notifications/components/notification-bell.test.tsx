import { NOTIFICATIONS_PAGE_SIZE } from '@careers/contracts/constants';
import { serverEvents } from '@careers/contracts/sockets';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, countCalls, jsonReply, sentBodies, stubSession } from '../../../testing/fake-api';
import { fakeSocket } from '../../../testing/fake-socket';
import { minutesAgo } from '../../../testing/posts';
import { renderApp } from '../../../testing/render-app';
import { aNotification, grace, type NotificationStore, notificationsApi } from '../testing';

const jobId = '7c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f';
const bob = {
  _id: '6e1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
  firstName: 'Bob',
  lastName: 'Babbage',
  profilePicture: null,
};

function open(store: NotificationStore, others?: Parameters<typeof notificationsApi>[1]) {
  const api = stubSession(ada, notificationsApi(store, others), { bell: 'others' });
  return { api, ...renderApp('/settings') };
}

const bell = (name: string | RegExp = /^Notifications/) => screen.findByRole('button', { name });

async function openPanel(user: ReturnType<typeof open>['user']) {
  await user.click(await bell());
  return within(await screen.findByRole('dialog', { name: 'Notifications' }));
}

describe('the bell', () => {
  it('shows the unread count as a badge and in its name', async () => {
    open({ notifications: [aNotification(), aNotification(), aNotification({ read: true })] });

    const button = await bell('Notifications, 2 unread');
    expect(button.querySelector('.bell-count')?.textContent).toBe('2');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('has no badge when everything is read, and caps a large count at 99+', async () => {
    const store = { notifications: [aNotification({ read: true })] };
    open(store);
    const button = await bell('Notifications');
    expect(button.querySelector('.bell-count')).toBeNull();

    await fakeSocket.push(serverEvents.notificationsChanged, { unreadCount: 120, notificationId: null });
    expect(button.getAttribute('aria-label')).toBe('Notifications, 120 unread');
    expect(button.querySelector('.bell-count')?.textContent).toBe('99+');
  });

  it('takes the count from a push at once, without asking the server', async () => {
    const { api } = open({ notifications: [] });
    await bell('Notifications');
    await waitFor(() => expect(countCalls(api, 'GET', '/api/notifications/unread-count')).toBeGreaterThan(0));
    const asked = countCalls(api, 'GET', '/api/notifications/unread-count');

    await fakeSocket.push(serverEvents.notificationsChanged, {
      unreadCount: 1,
      notificationId: crypto.randomUUID(),
    });

    expect(await bell('Notifications, 1 unread')).toBeTruthy();
    expect(countCalls(api, 'GET', '/api/notifications/unread-count')).toBe(asked);
    // Said aloud too: a changed name is not announced by itself.
    expect(document.querySelector('.notification-bell [aria-live="polite"]')?.textContent).toBe(
      'Notifications, 1 unread',
    );
  });

  it('reads the count again when the socket comes back, as pushes may have been lost', async () => {
    const store: NotificationStore = { notifications: [] };
    open(store);
    await bell('Notifications');

    store.notifications = [aNotification()];
    await fakeSocket.reconnect();

    expect(await bell('Notifications, 1 unread')).toBeTruthy();
  });

  it('says nothing is wrong when the count cannot be read: the bell stays, without a badge', async () => {
    open({ notifications: [] }, (_method, url) =>
      url === '/api/notifications/unread-count' ? jsonReply(500, {}) : undefined,
    );
    const button = await bell('Notifications');
    expect(button.querySelector('.bell-count')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the notifications panel', () => {
  it('lists the notifications newest first, with who, what, when and where each leads', async () => {
    const store = {
      notifications: [
        aNotification({ createdAt: minutesAgo(5) }),
        aNotification({
          kind: 'post_likes',
          actors: [bob, grace],
          actorCount: 5,
          target: { type: 'post', postId: crypto.randomUUID() },
          createdAt: minutesAgo(90),
          read: true,
        }),
        aNotification({
          kind: 'job_alert',
          actors: [],
          actorCount: 0,
          jobTitle: 'Compiler Engineer',
          company: 'Navy',
          target: { type: 'job', jobId },
          createdAt: minutesAgo(60 * 24 * 2),
        }),
      ],
    };
    const { user } = open(store);
    const panel = await openPanel(user);

    await panel.findAllByRole('link');
    const items = panel.getAllByRole('listitem');
    // Each row's link to what it is about is named by its whole line, the people's names included.
    expect(
      items.map((item) => {
        const target = item.querySelector('.notification-target') as HTMLElement;
        return [
          item.querySelector('.notification-body')?.textContent,
          within(item).getAllByRole('link').at(-1) === target,
          target.getAttribute('href'),
        ];
      }),
    ).toEqual([
      ['Unread: Grace Hopper wants to connect with you5m ago', true, '/connections?tab=pending'],
      ['Bob Babbage and 4 others liked your post1h ago', true, '/feed'],
      ['Unread: New job that fits you: Compiler Engineer at Navy2d ago', true, `/jobs/${jobId}`],
    ]);
    expect(
      panel
        .getByRole('link', { name: 'Unread: Grace Hopper wants to connect with you' })
        .getAttribute('href'),
    ).toBe('/connections?tab=pending');
    expect(panel.getByRole('link', { name: 'Bob Babbage and 4 others liked your post' })).toBeTruthy();
    // The people named are links to their profiles; a notice nobody made names nobody.
    expect(
      items.map((item) =>
        within(item)
          .queryAllByRole('link')
          .filter((link) => link.classList.contains('notification-person'))
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ),
    ).toEqual([[['Grace Hopper', `/people/${grace._id}`]], [['Bob Babbage', `/people/${bob._id}`]], []]);
    expect(items.map((item) => item.classList.contains('notification-unread'))).toEqual([true, false, true]);
    expect(within(items[0] as HTMLElement).getByText('GH')).toBeTruthy();
    expect(panel.getAllByRole('button', { name: 'Mark as read' })).toHaveLength(2);
  });

  it('takes the focus on opening; Escape closes it and gives the focus back to the bell', async () => {
    const { user } = open({ notifications: [aNotification()] });
    await user.click(await bell());
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });

    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Notifications' }));
    expect((await bell()).getAttribute('aria-expanded')).toBe('true');
    expect((await bell()).getAttribute('aria-controls')).toBe(dialog.id);

    await within(dialog).findAllByRole('link');
    await user.tab();
    expect(document.activeElement?.textContent).toContain('Mark all as read');
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(await bell());
  });

  it('closes on a click outside it', async () => {
    const { user } = open({ notifications: [] });
    await openPanel(user);

    await user.click(screen.getByRole('main'));

    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when Tab leaves it', async () => {
    const { user } = open({ notifications: [aNotification({ read: true })] });
    const panel = await openPanel(user);
    await panel.findAllByRole('link');

    // The title, Close, the one row's two links (Grace Hopper's profile, then the request): Tab from the
    // last leaves the panel (Mark all as read is disabled).
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Grace Hopper');
    await user.tab();
    expect(document.activeElement?.closest('.notification-panel')).toBeTruthy();
    await user.tab();

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).not.toBe(document.body);
  });

  it('shows the empty text', async () => {
    const { user } = open({ notifications: [] });
    const panel = await openPanel(user);

    expect(await panel.findByText("You're all caught up")).toBeTruthy();
    expect(panel.getByRole('button', { name: 'Mark all as read' })).toHaveProperty('disabled', true);
  });

  it('follows a link: marks that one read, goes to its target and closes', async () => {
    const alert = aNotification({
      kind: 'job_alert',
      jobTitle: 'Engineer',
      company: 'Acme',
      target: { type: 'job', jobId },
    });
    const store = { notifications: [alert, aNotification()] };
    const { api, router, user } = open(store);
    const panel = await openPanel(user);

    await user.click(await panel.findByRole('link', { name: /New job that fits you/ }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/jobs/${jobId}`);
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(await bell('Notifications, 1 unread')).toBeTruthy();
    await waitFor(() =>
      expect(sentBodies(api, 'PUT', '/api/notifications/read')).toEqual([{ notificationIds: [alert._id] }]),
    );
  });

  it("follows a person's name to their profile: marks that one read and closes", async () => {
    const request = aNotification();
    const { api, router, user } = open({ notifications: [request] });
    const panel = await openPanel(user);

    await user.click(await panel.findByRole('link', { name: 'Grace Hopper' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/people/${grace._id}`);
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    await waitFor(() =>
      expect(sentBodies(api, 'PUT', '/api/notifications/read')).toEqual([{ notificationIds: [request._id] }]),
    );
  });

  it('follows a read one without marking anything', async () => {
    const { api, router, user } = open({
      notifications: [aNotification({ read: true, target: { type: 'connections', tab: 'connections' } })],
    });
    const panel = await openPanel(user);

    await user.click(
      await panel.findByRole('link', { name: /accepted your connection request|wants to connect/ }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/connections'));
    expect(countCalls(api, 'PUT', '/api/notifications/read')).toBe(0);
  });

  it('marks one read with its button, and keeps the focus in the panel', async () => {
    const first = aNotification();
    const store = { notifications: [first, aNotification()] };
    const { api, user } = open(store);
    const panel = await openPanel(user);

    const [button] = await panel.findAllByRole('button', { name: 'Mark as read' });
    expect(button?.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(button as HTMLElement);

    expect(await bell('Notifications, 1 unread')).toBeTruthy();
    expect(panel.getAllByRole('button', { name: 'Mark as read' })).toHaveLength(1);
    expect(sentBodies(api, 'PUT', '/api/notifications/read')).toEqual([{ notificationIds: [first._id] }]);
    expect(document.activeElement?.textContent).toBe('Notifications');
  });

  it('marks all as read', async () => {
    const store = { notifications: [aNotification(), aNotification(), aNotification({ read: true })] };
    const { api, user } = open(store);
    const panel = await openPanel(user);
    await panel.findAllByRole('link');

    await user.click(panel.getByRole('button', { name: 'Mark all as read' }));

    expect(await bell('Notifications')).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(
      panel.getAllByRole('listitem').some((item) => item.classList.contains('notification-unread')),
    ).toBe(false);
    expect(sentBodies(api, 'PUT', '/api/notifications/read')).toEqual([{ all: true }]);
  });

  it('puts the marks back and says so when marking fails', async () => {
    const store = { notifications: [aNotification()] };
    const { user } = open(store, (method, url) =>
      method === 'PUT' && url === '/api/notifications/read' ? jsonReply(500, {}) : undefined,
    );
    const panel = await openPanel(user);
    await panel.findAllByRole('link');

    await user.click(panel.getByRole('button', { name: 'Mark all as read' }));

    expect((await panel.findByRole('alert')).textContent).toBe('Server error. Please try again later.');
    expect(await bell('Notifications, 1 unread')).toBeTruthy();
    expect(await panel.findByRole('button', { name: 'Mark as read' })).toBeTruthy();
  });

  it('loads more a page at a time', async () => {
    const notifications = Array.from({ length: NOTIFICATIONS_PAGE_SIZE + 2 }, (_, i) =>
      aNotification({ createdAt: minutesAgo(i + 1), read: true }),
    );
    const { api, user } = open({ notifications });
    const panel = await openPanel(user);
    const requests = () => panel.findAllByRole('link', { name: /wants to connect/ });
    expect(await requests()).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(countCalls(api, 'GET', `/api/notifications?limit=${NOTIFICATIONS_PAGE_SIZE}`)).toBe(1);

    await user.click(panel.getByRole('button', { name: 'Load more' }));

    await waitFor(async () => expect(await requests()).toHaveLength(NOTIFICATIONS_PAGE_SIZE + 2));
    expect(countCalls(api, 'GET', `/api/notifications?page=2&limit=${NOTIFICATIONS_PAGE_SIZE}`)).toBe(1);
    expect(panel.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('reads the list again when a push says it changed while it is open', async () => {
    const store: NotificationStore = { notifications: [] };
    const { user } = open(store);
    const panel = await openPanel(user);
    await panel.findByText("You're all caught up");

    const fresh = aNotification({
      kind: 'connection_accepted',
      target: { type: 'connections', tab: 'connections' },
    });
    store.notifications = [fresh];
    await fakeSocket.push(serverEvents.notificationsChanged, { unreadCount: 1, notificationId: fresh._id });

    expect(
      await panel.findByRole('link', { name: /Grace Hopper accepted your connection request/ }),
    ).toBeTruthy();
    expect(await bell('Notifications, 1 unread')).toBeTruthy();
  });

  it('brings the bell up to date from the list when no push came (the push setting is off)', async () => {
    const store: NotificationStore = { notifications: [] };
    const { user } = open(store);
    await bell('Notifications');

    store.notifications = [aNotification(), aNotification()];
    const panel = await openPanel(user);

    expect(await panel.findAllByRole('link', { name: /wants to connect/ })).toHaveLength(2);
    expect(await bell('Notifications, 2 unread')).toBeTruthy();
  });

  it("shows the server's text when the list cannot be read, and tries again", async () => {
    let fail = true;
    const { user } = open({ notifications: [aNotification()] }, (method, url) =>
      fail && method === 'GET' && url.startsWith('/api/notifications?')
        ? jsonReply(400, { message: 'Page is invalid' })
        : undefined,
    );
    const panel = await openPanel(user);

    expect((await panel.findByRole('alert')).textContent).toBe('Page is invalid');
    fail = false;
    await user.click(panel.getByRole('button', { name: 'Try again' }));

    expect(await panel.findByRole('link', { name: /wants to connect/ })).toBeTruthy();
  });
});

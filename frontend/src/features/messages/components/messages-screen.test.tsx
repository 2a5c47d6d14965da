import { TYPING_EVERY_MS, TYPING_TIMEOUT_MS } from '@careers/contracts/constants';
import { IDEMPOTENCY_HEADER } from '@careers/contracts/idempotency';
import { clientEvents, serverEvents } from '@careers/contracts/sockets';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../testing/deferred';
import {
  ada,
  countCalls,
  type FetchStub,
  jsonReply,
  sentBodies,
  stubSession,
} from '../../../testing/fake-api';
import { fakeSocket } from '../../../testing/fake-socket';
import { minutesAgo } from '../../../testing/posts';
import { renderApp } from '../../../testing/render-app';
import {
  aConversation,
  alan,
  aMessage,
  aStore,
  aThread,
  grace,
  type MessagingStore,
  messagingApi,
} from '../testing';

function openMessages(path: string, store: MessagingStore, others?: Parameters<typeof messagingApi>[1]) {
  const api = stubSession(ada, messagingApi(store, others), { messages: 'others' });
  return { api, ...renderApp(path) };
}

const sidebarLink = () =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /^Messages/ });
const list = () => screen.findByRole('list', { name: 'Conversations' });
const rowNames = async () =>
  within(await list())
    .getAllByRole('link')
    .map((link) => link.querySelector('.conversation-row-name')?.textContent);
const thread = (name = 'Alan Turing') => screen.findByRole('region', { name: `Conversation with ${name}` });
const composer = () => screen.findByRole('textbox', { name: 'Message Alan Turing' });
const bubbles = (region: HTMLElement) =>
  [...region.querySelectorAll('.message-list > li .message-text')].map((text) =>
    // The other's messages begin with their name for screen readers only.
    [...text.childNodes]
      .filter((node) => !(node instanceof HTMLElement && node.classList.contains('visually-hidden')))
      .map((node) => node.textContent)
      .join(''),
  );
const readMarks = (api: FetchStub, conversationId: string) =>
  sentBodies(api, 'PUT', `/api/conversations/${conversationId}/read`);

afterEach(() => {
  vi.useRealTimers();
});

describe('the conversation list', () => {
  it('shows each conversation: who, the job, the last message or "Message deleted", when, and unread', async () => {
    const withAlan = aConversation({
      job: { jobId: crypto.randomUUID(), title: 'Compiler Engineer' },
      unreadCount: 2,
      updatedAt: minutesAgo(5),
    });
    withAlan.lastMessage = aMessage(withAlan._id, { text: 'See you Thursday', sentAt: minutesAgo(5) });
    const withGrace = aConversation({ other: grace, updatedAt: minutesAgo(60) });
    withGrace.lastMessage = aMessage(withGrace._id, {
      senderId: grace._id,
      text: '',
      erased: true,
      sentAt: minutesAgo(60),
    });
    const mine = aConversation({
      other: { ...grace, _id: crypto.randomUUID(), firstName: 'Edsger', lastName: 'Dijkstra' },
    });
    mine.lastMessage = aMessage(mine._id, { senderId: ada._id, text: 'Thanks!' });
    openMessages('/messages', aStore([withAlan, withGrace, mine]));

    expect(await screen.findByRole('heading', { name: 'Messages', level: 1 })).toBeTruthy();
    expect(await rowNames()).toEqual(['Alan Turing', 'Grace Hopper', 'Edsger Dijkstra']);
    const alanRow = within(await list()).getByRole('link', { name: /^Alan Turing/ });
    expect(alanRow.getAttribute('href')).toBe(`/messages/${withAlan._id}`);
    expect(alanRow.textContent).toContain('About: Compiler Engineer');
    expect(alanRow.textContent).toContain('See you Thursday');
    expect(alanRow.textContent).toContain('5m ago');
    expect(alanRow.querySelector('.conversation-unread')?.textContent).toBe('2');
    expect(alanRow.textContent).toContain(', 2 unread');
    const graceRow = within(await list()).getByRole('link', { name: /^Grace Hopper/ });
    expect(graceRow.textContent).toContain('Message deleted');
    expect(graceRow.querySelector('.conversation-unread')).toBeNull();
    expect(within(await list()).getByRole('link', { name: /^Edsger Dijkstra/ }).textContent).toContain(
      'You: Thanks!',
    );
    // The sidebar counts the conversations with something unread.
    await waitFor(() => expect(sidebarLink().textContent).toBe('Messages1, 1 unread'));
    expect(screen.getByText('Choose a conversation to read it here.')).toBeTruthy();
  });

  it('says so when there is no conversation yet', async () => {
    openMessages('/messages', aStore([]));

    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Conversations' })).toBeNull();
    expect(sidebarLink().textContent).toBe('Messages');
  });
});

describe('a thread', () => {
  it('shows the other person, the job, the messages oldest first, and pages back keeping the place', async () => {
    const conversation = aConversation({ job: { jobId: crypto.randomUUID(), title: 'Compiler Engineer' } });
    const messages = aThread(conversation._id, 35);
    const second = messages[1];
    if (!second) throw new Error('a thread of 35 has a second message');
    messages[1] = { ...second, erased: true, text: '' };
    const { api, user } = openMessages(
      `/messages/${conversation._id}`,
      aStore([conversation], { [conversation._id]: messages }),
    );

    const region = await thread();
    const header = within(region.querySelector('header') as HTMLElement);
    expect(header.getByRole('link', { name: 'Alan Turing' }).getAttribute('href')).toBe(
      `/people/${alan._id}`,
    );
    expect(header.getByRole('link', { name: 'About: Compiler Engineer' }).getAttribute('href')).toBe(
      `/jobs/${conversation.job?.jobId}`,
    );
    await waitFor(() => expect(bubbles(region)).toHaveLength(30));
    expect(bubbles(region)[0]).toBe('Message 6');
    expect(bubbles(region).at(-1)).toBe('Message 35');
    // Ada's own messages sit on the other side.
    const items = region.querySelectorAll('.message-list > li');
    expect(items[29]?.classList.contains('message-own')).toBe(false);
    expect(items[28]?.classList.contains('message-own')).toBe(true);
    expect(items[29]?.querySelector('.visually-hidden')?.textContent).toBe('Alan Turing: ');

    // The scroller grows by the earlier messages; the reader stays on the message they were reading.
    const scroller = region.querySelector('.thread-messages') as HTMLElement;
    let top = 0;
    Object.defineProperty(scroller, 'scrollHeight', {
      configurable: true,
      get: () => scroller.querySelectorAll('.message-list > li').length * 50,
    });
    Object.defineProperty(scroller, 'scrollTop', {
      configurable: true,
      get: () => top,
      set: (value: number) => {
        top = value;
      },
    });
    top = 20;
    await user.click(within(region).getByRole('button', { name: 'Load earlier messages' }));

    await waitFor(() => expect(bubbles(region)).toHaveLength(35));
    expect(bubbles(region).slice(0, 3)).toEqual(['Message 1', 'Message deleted', 'Message 3']);
    expect(top).toBe(5 * 50 + 20);
    expect(api.mock.calls.some(([input]) => String(input).includes(`before=${messages[5]?._id}`))).toBe(true);
    expect(within(region).queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('says "Conversation not found" for one the reader is not in', async () => {
    openMessages(`/messages/${crypto.randomUUID()}`, aStore([]));

    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeTruthy();
  });
});

describe('sending', () => {
  /**
   * A thread of two messages whose first send is written by the server at once but answered only when
   * the test resolves `reply` (the store has the message while the reply is on its way).
   */
  async function openThreadWithHeldReply() {
    const conversation = aConversation();
    const store = aStore([conversation], { [conversation._id]: aThread(conversation._id, 2) });
    const reply = deferred<Response>();
    let answered = false;
    const { api, user } = openMessages(`/messages/${conversation._id}`, store, (method, url, init) => {
      if (method !== 'POST' || answered) return undefined;
      answered = true;
      const real = messagingApi(store)(method, url, init);
      return reply.promise.then(() => real);
    });
    const region = await thread();
    await waitFor(() => expect(bubbles(region)).toHaveLength(2));
    return { conversation, store, reply, api, user, region };
  }

  it('shows the message at once, sends one Idempotency-Key, and puts the reply in its place', async () => {
    const { conversation, store, reply, api, user, region } = await openThreadWithHeldReply();

    await user.type(await composer(), 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(countCalls(api, 'POST', `/api/conversations/${conversation._id}/messages`)).toBe(0);
    await user.keyboard('{Enter}');

    // Shown at once, as being sent; the field is empty for the next one.
    expect(bubbles(region).at(-1)).toBe('Line one\nline two');
    expect(within(region).getByText('Sending…')).toBeTruthy();
    expect((await composer()).getAttribute('value') ?? (await composer()).textContent).toBe('');
    expect(sentBodies(api, 'POST', `/api/conversations/${conversation._id}/messages`)).toEqual([
      { text: 'Line one\nline two' },
    ]);
    const post = api.mock.calls.find(
      ([input, init]) => init?.method === 'POST' && String(input).endsWith('/messages'),
    );
    expect(new Headers(post?.[1]?.headers).get(IDEMPOTENCY_HEADER)).toMatch(/^[0-9a-f]{32}$/);

    await act(async () => reply.resolve(new Response()));
    await waitFor(() => expect(within(region).queryByText('Sending…')).toBeNull());
    expect(bubbles(region)).toEqual(['Message 1', 'Message 2', 'Line one\nline two']);
    const sent = store.messages[conversation._id]?.at(-1);

    // The push about the same message (to the sender's room too) does not show it twice.
    await fakeSocket.push(serverEvents.messageReceived, {
      conversationId: conversation._id,
      messageId: sent?._id,
      senderId: ada._id,
      sentAt: sent?.sentAt,
      consistencyToken: `${conversation._id}@8`,
    });
    expect(bubbles(region)).toEqual(['Message 1', 'Message 2', 'Line one\nline two']);
  });

  it("shows one's own message once when its push comes before the send's reply", async () => {
    const { conversation, store, reply, api, user, region } = await openThreadWithHeldReply();
    await user.type(await composer(), 'Early push');
    await user.keyboard('{Enter}');
    const threadUrl = `/api/conversations/${conversation._id}/messages`;
    const reads = countCalls(api, 'GET', threadUrl);

    // The server has the message (the store wrote it) and the push is here; the reply is not.
    const sent = store.messages[conversation._id]?.at(-1);
    await fakeSocket.push(serverEvents.messageReceived, {
      conversationId: conversation._id,
      messageId: sent?._id,
      senderId: ada._id,
      sentAt: sent?.sentAt,
      consistencyToken: `${conversation._id}@8`,
    });
    expect(countCalls(api, 'GET', threadUrl)).toBe(reads);
    expect(bubbles(region)).toEqual(['Message 1', 'Message 2', 'Early push']);

    // The reply puts it in its place, and the thread is read once more for the push it held.
    await act(async () => reply.resolve(new Response()));
    await waitFor(() => expect(within(region).queryByText('Sending…')).toBeNull());
    await waitFor(() => expect(countCalls(api, 'GET', threadUrl)).toBe(reads + 1));
    expect(bubbles(region)).toEqual(['Message 1', 'Message 2', 'Early push']);
  });

  it('keeps a failed message with the reason and Retry, which sends it again under the same key', async () => {
    const conversation = aConversation();
    const store = aStore([conversation], { [conversation._id]: [] });
    let failures = 1;
    const { api, user } = openMessages(`/messages/${conversation._id}`, store, (method) => {
      if (method === 'POST' && failures > 0) {
        failures--;
        return jsonReply(400, { message: 'Message cannot be empty' });
      }
      return undefined;
    });
    const region = await thread();
    await user.type(await composer(), 'Are you there?{Enter}');

    expect((await within(region).findByRole('alert')).textContent).toBe('Not sent. Message cannot be empty');
    await user.click(within(region).getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(within(region).queryByRole('alert')).toBeNull());
    expect(bubbles(region)).toEqual(['Are you there?']);
    const keys = api.mock.calls
      .filter(([input, init]) => init?.method === 'POST' && String(input).endsWith('/messages'))
      .map(([, init]) => new Headers(init?.headers).get(IDEMPOTENCY_HEADER));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('counts down near the limit and sends nothing past it', async () => {
    const conversation = aConversation();
    const { api, user } = openMessages(
      `/messages/${conversation._id}`,
      aStore([conversation], { [conversation._id]: [] }),
    );
    const field = await composer();
    await user.click(field);
    await user.paste('x'.repeat(2001));

    expect(screen.getByText('Messages can be at most 2,000 characters. Remove 1 to send.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.keyboard('{Enter}');
    expect(countCalls(api, 'POST', `/api/conversations/${conversation._id}/messages`)).toBe(0);
  });
});

describe('read receipts and typing', () => {
  it('shows "Seen" under the last of the reader\'s messages the other has read, and moves it live', async () => {
    const conversation = aConversation();
    const messages = aThread(conversation._id, 4); // Alan, Ada, Alan, Ada
    conversation.seenUpTo = messages[1]?._id ?? null;
    openMessages(`/messages/${conversation._id}`, aStore([conversation], { [conversation._id]: messages }));
    const region = await thread();
    await waitFor(() => expect(bubbles(region)).toHaveLength(4));
    const items = () => [...region.querySelectorAll('.message-list > li')];
    expect(items().map((item) => item.querySelector('.message-seen') !== null)).toEqual([
      false,
      true,
      false,
      false,
    ]);

    await fakeSocket.push(serverEvents.conversationRead, {
      conversationId: conversation._id,
      readerId: alan._id,
      upToMessageId: messages[3]?._id,
      consistencyToken: `${conversation._id}@9`,
    });

    expect(items().map((item) => item.querySelector('.message-seen') !== null)).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(within(region).getAllByText('Seen')).toHaveLength(1);
  });

  it('shows "Alan is typing…" while the push is fresh, and tells the other person at a steady pace', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const conversation = aConversation();
    openMessages(`/messages/${conversation._id}`, aStore([conversation], { [conversation._id]: [] }));
    const region = await thread();

    await fakeSocket.push(serverEvents.conversationTyping, {
      conversationId: conversation._id,
      userId: alan._id,
    });
    expect(within(region).getByText('Alan is typing…')).toBeTruthy();
    // Someone else's note, or another conversation's, is not this one's.
    await act(async () => vi.advanceTimersByTime(TYPING_TIMEOUT_MS - 100));
    expect(within(region).getByText('Alan is typing…')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(200));
    expect(within(region).queryByText('Alan is typing…')).toBeNull();

    // The reader types: one note now, the next only after TYPING_EVERY_MS.
    const field = await composer();
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(field, { target: { value: 'H' } });
    fireEvent.change(field, { target: { value: 'He' } });
    const notes = () => fakeSocket.sent.filter((sent) => sent.event === clientEvents.typing);
    expect(notes().map((note) => note.payload)).toEqual([{ conversationId: conversation._id }]);
    await act(async () => vi.advanceTimersByTime(TYPING_EVERY_MS));
    fireEvent.change(field, { target: { value: 'Hel' } });
    expect(notes()).toHaveLength(2);
  });
});

describe('live', () => {
  it("reads the open thread again on the other's message (the push has no text) and marks it read", async () => {
    const conversation = aConversation();
    const messages = aThread(conversation._id, 2);
    const { api } = openMessages(
      `/messages/${conversation._id}`,
      aStore([conversation], { [conversation._id]: messages }),
    );
    const region = await thread();
    await waitFor(() => expect(bubbles(region)).toHaveLength(2));
    // Opened with nothing unread: nothing to mark.
    expect(readMarks(api, conversation._id)).toEqual([]);

    const messageId = crypto.randomUUID();
    const sentAt = new Date().toISOString();
    // On the read side by the time the thread asks (the read carries the push's token).
    messages.push({
      _id: messageId,
      conversationId: conversation._id,
      senderId: alan._id,
      text: 'Are you free on Thursday?',
      erased: false,
      sentAt,
    });
    await fakeSocket.push(serverEvents.messageReceived, {
      conversationId: conversation._id,
      messageId,
      senderId: alan._id,
      sentAt,
      consistencyToken: `${conversation._id}@4`,
    });

    await waitFor(() => expect(bubbles(region).at(-1)).toBe('Are you free on Thursday?'));
    const threadReads = api.mock.calls.filter(
      ([input, init]) =>
        String(input).startsWith(`/api/conversations/${conversation._id}/messages`) &&
        (init?.method ?? 'GET') === 'GET',
    );
    expect(new Headers(threadReads.at(-1)?.[1]?.headers).get('x-consistency-token')).toContain(
      `${conversation._id}@4`,
    );
    await waitFor(() => expect(readMarks(api, conversation._id)).toEqual([{ upToMessageId: messageId }]));
  });

  it('marks an opened thread read up to the newest message of the other', async () => {
    const conversation = aConversation({ unreadCount: 1 });
    const messages = aThread(conversation._id, 3);
    const { api } = openMessages(
      `/messages/${conversation._id}`,
      aStore([conversation], { [conversation._id]: messages }),
    );

    await waitFor(() =>
      expect(readMarks(api, conversation._id)).toEqual([{ upToMessageId: messages[2]?._id }]),
    );
  });

  it('moves the conversation to the top of the list with its count, and raises the sidebar badge', async () => {
    const first = aConversation({ other: grace, updatedAt: minutesAgo(1) });
    const second = aConversation({ updatedAt: minutesAgo(10) });
    const store = aStore([first, second]);
    // The list read again after the push is held: what shows meanwhile is the push's own doing.
    let holdList = false;
    const { api } = openMessages('/messages', store, (method, url) =>
      holdList && method === 'GET' && url === '/api/conversations'
        ? new Promise<Response>(() => {})
        : undefined,
    );
    expect(await rowNames()).toEqual(['Grace Hopper', 'Alan Turing']);
    await waitFor(() => expect(countCalls(api, 'GET', '/api/conversations/unread-count')).toBe(1));
    holdList = true;
    store.unreadCount = 1;

    await fakeSocket.push(serverEvents.messageReceived, {
      conversationId: second._id,
      messageId: crypto.randomUUID(),
      senderId: alan._id,
      sentAt: new Date().toISOString(),
      consistencyToken: `${second._id}@3`,
    });

    // At once, before the list is read again: the row moves up with its count (its text comes with
    // that read, the push carrying none).
    expect(await rowNames()).toEqual(['Alan Turing', 'Grace Hopper']);
    const row = within(await list()).getByRole('link', { name: /^Alan Turing/ });
    expect(row.querySelector('.conversation-unread')?.textContent).toBe('1');
    expect(sidebarLink().textContent).toBe('Messages1, 1 unread');
    // The count is read again, carrying the push's token, so it waits for the message.
    await waitFor(() => expect(countCalls(api, 'GET', '/api/conversations/unread-count')).toBe(2));
    const last = api.mock.calls
      .filter(([input]) => String(input) === '/api/conversations/unread-count')
      .at(-1);
    expect(new Headers(last?.[1]?.headers).get('x-consistency-token')).toContain(`${second._id}@3`);
  });

  it('clears the count when the reader read it in another tab', async () => {
    const conversation = aConversation({ unreadCount: 3 });
    const store = aStore([conversation]);
    openMessages('/messages', store);
    await waitFor(() => expect(sidebarLink().textContent).toBe('Messages1, 1 unread'));

    store.unreadCount = 0;
    store.conversations = [{ ...conversation, unreadCount: 0 }];
    await fakeSocket.push(serverEvents.conversationRead, {
      conversationId: conversation._id,
      readerId: ada._id,
      upToMessageId: crypto.randomUUID(),
      consistencyToken: `${conversation._id}@5`,
    });

    await waitFor(() => expect(sidebarLink().textContent).toBe('Messages'));
    expect(
      within(await list())
        .getByRole('link', { name: /^Alan Turing/ })
        .querySelector('.conversation-unread'),
    ).toBeNull();
  });
});

describe('who may write', () => {
  it("has no composer where the reader can't reply, and says so", async () => {
    const conversation = aConversation({ canWrite: false });
    openMessages(`/messages/${conversation._id}`, aStore([conversation], { [conversation._id]: [] }));
    const region = await thread();

    expect(within(region).getByText("You can't reply to this conversation")).toBeTruthy();
    expect(within(region).queryByRole('textbox')).toBeNull();
  });

  it('blocks after asking, and unblocks', async () => {
    const conversation = aConversation();
    const { api, user } = openMessages(
      `/messages/${conversation._id}`,
      aStore([conversation], { [conversation._id]: [] }),
    );
    const region = await thread();
    await composer();

    await user.click(within(region).getByRole('button', { name: 'Block' }));
    expect(countCalls(api, 'PUT', `/api/users/${alan._id}/block`)).toBe(0);
    expect(within(region).getByText(/^Block Alan Turing\?/)).toBeTruthy();
    await user.click(within(region).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(within(region).getByRole('button', { name: 'Block' }));

    await user.click(within(region).getByRole('button', { name: 'Block' }));
    await user.click(within(region).getByRole('button', { name: 'Block' }));

    expect(await within(region).findByText('You blocked this person.')).toBeTruthy();
    expect(countCalls(api, 'PUT', `/api/users/${alan._id}/block`)).toBe(1);
    expect(within(region).queryByRole('textbox')).toBeNull();

    const note = region.querySelector('.thread-note') as HTMLElement;
    await user.click(within(note).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(countCalls(api, 'DELETE', `/api/users/${alan._id}/block`)).toBe(1));
  });

  it('tells the blocker of their block, with Unblock', async () => {
    const conversation = aConversation({ canWrite: false, blockedByMe: true });
    openMessages(`/messages/${conversation._id}`, aStore([conversation], { [conversation._id]: [] }));
    const region = await thread();

    expect(within(region).getByText('You blocked this person.')).toBeTruthy();
    expect(within(region).getAllByRole('button', { name: 'Unblock' }).length).toBeGreaterThan(0);
    expect(within(region).queryByText("You can't reply to this conversation")).toBeNull();
    expect(within(region).queryByRole('textbox')).toBeNull();
  });
});

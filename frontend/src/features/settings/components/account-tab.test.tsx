import { accountMessages as texts } from '@careers/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { descriptionOf } from '../../../testing/a11y';
import { deferred } from '../../../testing/deferred';
import {
  ada,
  countCalls,
  type FetchHandler,
  jsonReply,
  sentBodies,
  stubSession,
} from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

const EXPORT = '/api/auth/export';
const DELETE = '/api/auth/account';

/** What the export answers: the person and one event, as the route's schema has it. */
const exported = {
  exportedAt: '2026-02-03T23:59:00.000Z',
  user: ada,
  posts: [],
  comments: [],
  likes: [],
  connections: [],
  applications: [],
  jobsPosted: [],
  events: [
    {
      id: '6a0c3c4e-7f0b-4c55-9a51-0d8a1f1e2b3c',
      type: 'UserRegistered',
      streamType: 'user',
      streamId: ada._id,
      occurredAt: ada.createdAt,
      data: { userId: ada._id, email: ada.email },
    },
  ],
};

async function openAccountTab(handler: FetchHandler) {
  const api = stubSession(ada, handler);
  const rendered = renderApp('/settings');
  await rendered.user.click(await screen.findByRole('tab', { name: texts.tabLabel }));
  return { api, ...rendered, panel: screen.getByRole('tabpanel', { name: texts.tabLabel }) };
}

function passwordField(): HTMLInputElement {
  return screen.getByLabelText(texts.deleteConfirmLabel, { selector: 'input' });
}

describe('settings: account tab', () => {
  it('shows both parts with their texts', async () => {
    const { panel } = await openAccountTab(() => jsonReply(404, {}));
    const inPanel = within(panel);
    expect(inPanel.getByRole('heading', { name: texts.exportTitle, level: 2 })).toBeTruthy();
    expect(inPanel.getByText(texts.exportDescription)).toBeTruthy();
    expect(inPanel.getByRole('button', { name: texts.exportButton })).toBeTruthy();
    expect(inPanel.getByRole('heading', { name: texts.deleteTitle, level: 2 })).toBeTruthy();
    expect(inPanel.getByText(texts.deleteDescription)).toBeTruthy();
    expect(inPanel.getByRole('button', { name: texts.deleteButton }).className).toContain('button-danger');
    expect(screen.queryByLabelText(texts.deleteConfirmLabel)).toBeNull();
    expect(inPanel.getByRole('region', { name: texts.exportTitle })).toBeTruthy();
    expect(inPanel.getByRole('region', { name: texts.deleteTitle })).toBeTruthy();
  });
});

describe('settings: export your data', () => {
  let saved: { name: string; href: string; blob: Blob }[];
  let revoked: string[];

  beforeEach(() => {
    saved = [];
    revoked = [];
    let next = 0;
    const blobs = new Map<string, Blob>();
    // jsdom has no object URLs: the real URL, with the two a download needs.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(blob: Blob): string {
          const href = `blob:careers/${++next}`;
          blobs.set(href, blob);
          return href;
        }
        static override revokeObjectURL(href: string): void {
          revoked.push(href);
        }
      },
    );
    // jsdom does not download: the link's click is where the browser would save the file.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({
        name: this.download,
        href: this.getAttribute('href') ?? '',
        blob: blobs.get(this.href) as Blob,
      });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('posts once, reads "Preparing your file..." meanwhile, and saves the answer as a JSON file', async () => {
    const reply = deferred<Response>();
    const { api, user, panel } = await openAccountTab((method, url) =>
      method === 'POST' && url === EXPORT ? reply.promise : jsonReply(404, {}),
    );

    await user.click(within(panel).getByRole('button', { name: texts.exportButton }));
    const busy = within(panel).getByRole('button', { name: texts.exporting }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    await user.click(busy);
    expect(countCalls(api, 'POST', EXPORT)).toBe(1);
    expect(sentBodies(api, 'POST', EXPORT)).toEqual([undefined]);

    reply.resolve(jsonReply(200, exported));

    await waitFor(() => expect(saved).toHaveLength(1));
    const [file] = saved;
    if (!file) throw new Error('no file saved');
    expect(file.name).toBe('careers-export-2026-02-03.json');
    expect(file.blob.type).toBe('application/json');
    expect(JSON.parse(await file.blob.text())).toEqual(exported);
    // The link was only there for the click.
    expect(document.querySelector('a[download]')).toBeNull();
    await waitFor(() => expect(revoked).toEqual([file.href]), { timeout: 2000 });
    expect(within(panel).getByRole('button', { name: texts.exportButton })).toBeTruthy();
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it.each([
    [500, { message: 'boom' }, texts.exportFailed],
    [400, {}, texts.exportFailed],
    [
      429,
      { message: 'Too many requests. Please wait a moment.' },
      'Too many requests. Please wait a moment.',
    ],
  ])(
    'says why for a %i answer %j, saves nothing, and lets the person try again',
    async (status, body, text) => {
      let answer = jsonReply(status, body);
      const { api, user, panel } = await openAccountTab((method, url) =>
        method === 'POST' && url === EXPORT ? answer : jsonReply(404, {}),
      );

      await user.click(within(panel).getByRole('button', { name: texts.exportButton }));

      expect((await within(panel).findByRole('alert')).textContent).toBe(text);
      expect(saved).toEqual([]);
      answer = jsonReply(200, exported);
      await user.click(within(panel).getByRole('button', { name: texts.exportButton }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(within(panel).queryByRole('alert')).toBeNull();
      expect(countCalls(api, 'POST', EXPORT)).toBe(2);
    },
  );
});

describe('settings: delete account', () => {
  const deleteReply =
    (reply: () => Response | Promise<Response>): FetchHandler =>
    (method, url) => {
      if (method === 'DELETE' && url === DELETE) return reply();
      if (method === 'GET' && url.startsWith('/api/')) return jsonReply(200, { data: [] });
      return jsonReply(404, {});
    };

  it('asks for the password in place, with the focus in the field; Cancel and Escape close it', async () => {
    const { user, panel } = await openAccountTab(deleteReply(() => jsonReply(200, { message: 'ok' })));
    const start = within(panel).getByRole('button', { name: texts.deleteButton });

    await user.click(start);
    const question = within(panel).getByRole('form', { name: texts.deleteTitle });
    expect(document.activeElement).toBe(passwordField());
    expect(passwordField().type).toBe('password');
    expect(passwordField().autocomplete).toBe('current-password');
    expect(within(question).getByRole('button', { name: texts.deleteConfirmButton }).className).toContain(
      'button-danger',
    );

    await user.type(passwordField(), 'half-typed');
    await user.click(within(question).getByRole('button', { name: texts.deleteCancel }));
    expect(within(panel).queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: texts.deleteButton }));

    await user.click(within(panel).getByRole('button', { name: texts.deleteButton }));
    // Nothing typed before survives a cancel.
    expect(passwordField().value).toBe('');
    await user.keyboard('{Escape}');
    expect(within(panel).queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: texts.deleteButton }));
  });

  it('sends nothing without a password, and says so under the field', async () => {
    const { api, user, panel } = await openAccountTab(deleteReply(() => jsonReply(200, { message: 'ok' })));
    await user.click(within(panel).getByRole('button', { name: texts.deleteButton }));

    await user.click(screen.getByRole('button', { name: texts.deleteConfirmButton }));

    expect(descriptionOf(passwordField())).toEqual([texts.passwordRequired]);
    expect(passwordField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(passwordField());
    expect(countCalls(api, 'DELETE', DELETE)).toBe(0);
  });

  it("shows a wrong password's answer under the field, stays signed in, and clears it on edit", async () => {
    const { api, user, panel, router } = await openAccountTab(
      deleteReply(() => jsonReply(400, { message: texts.passwordIncorrect })),
    );
    await user.click(within(panel).getByRole('button', { name: texts.deleteButton }));
    await user.type(passwordField(), 'not-it');

    await user.click(screen.getByRole('button', { name: texts.deleteConfirmButton }));

    await waitFor(() => expect(descriptionOf(passwordField())).toEqual([texts.passwordIncorrect]));
    expect(document.activeElement).toBe(passwordField());
    expect(sentBodies(api, 'DELETE', DELETE)).toEqual([{ password: 'not-it' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(within(panel).queryByRole('alert')).toBeNull();

    await user.type(passwordField(), '!');
    expect(descriptionOf(passwordField())).toEqual([]);
  });

  it.each([
    [500, { message: 'boom' }, texts.deleteFailed],
    [
      429,
      { message: 'Too many attempts. Please try again later.' },
      'Too many attempts. Please try again later.',
    ],
  ])('says why for a %i answer in the question, and keeps the password', async (status, body, text) => {
    const { user, panel, router } = await openAccountTab(deleteReply(() => jsonReply(status, body)));
    await user.click(within(panel).getByRole('button', { name: texts.deleteButton }));
    await user.type(passwordField(), 'secret1');

    await user.click(screen.getByRole('button', { name: texts.deleteConfirmButton }));

    expect((await within(panel).findByRole('alert')).textContent).toBe(text);
    expect(passwordField().value).toBe('secret1');
    expect(descriptionOf(passwordField())).toEqual([]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });

  it('reads "Deleting..." and cannot be sent twice while the call is in flight', async () => {
    const reply = deferred<Response>();
    const { api, user, panel } = await openAccountTab(deleteReply(() => reply.promise));
    await user.click(within(panel).getByRole('button', { name: texts.deleteButton }));
    await user.type(passwordField(), 'secret1');

    await user.click(screen.getByRole('button', { name: texts.deleteConfirmButton }));
    const pending = screen.getByRole('button', { name: texts.deleting }) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    await user.type(passwordField(), '{Enter}');
    expect(countCalls(api, 'DELETE', DELETE)).toBe(1);

    reply.resolve(jsonReply(200, { message: 'ok' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  });

  it('forgets the person once deleted: on /login with the message, and signed out for good', async () => {
    const { api, user, panel, router } = await openAccountTab(
      deleteReply(() => jsonReply(200, { message: texts.deleted })),
    );
    await user.click(within(panel).getByRole('button', { name: texts.deleteButton }));
    await user.type(passwordField(), 'secret1{Enter}');

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByRole('status').textContent).toBe(texts.deleted);
    expect(sentBodies(api, 'DELETE', DELETE)).toEqual([{ password: 'secret1' }]);
    expect(screen.queryByText('Ada Lovelace')).toBeNull();

    // Nothing of theirs is left to show: a protected page sends the visitor back, without asking again.
    await router.navigate('/settings');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(countCalls(api, 'GET', '/api/auth/me')).toBe(1);
  });
});

import type { Notification } from '@careers/contracts/entities/notification';
import { describe, expect, it } from 'vitest';
import { renderMail } from './render.ts';

const base = {
  firstName: 'Bob',
  publicUrl: 'http://localhost:5173/',
  unsubscribeToken: 'u1~messages~AAAAAAAAAAAAAAAAAAAAAA',
};
const note = (overrides: Partial<Notification>): Notification => ({
  _id: '00000000-0000-3000-a000-000000000001',
  kind: 'new_message',
  actors: [{ _id: 'a1', firstName: 'Eve <b>', lastName: '& Co', profilePicture: null }],
  actorCount: 1,
  target: { type: 'conversation', conversationId: 'c1' },
  jobTitle: null,
  company: null,
  status: null,
  excerpt: null,
  read: false,
  createdAt: '2026-03-01T09:00:00.000Z',
  ...overrides,
});

describe('a mail', () => {
  it('says why it came once for a kind that answers to "Email notifications" alone, twice otherwise', () => {
    const messages = renderMail({ ...base, kind: 'messages', notifications: [note({})] });
    expect(messages.text).toContain('because “Email notifications” is on in your settings.');
    const requests = renderMail({
      ...base,
      kind: 'connections',
      notifications: [note({ kind: 'connection_request', target: { type: 'connections', tab: 'pending' } })],
    });
    expect(requests.text).toContain('because “Connection requests” and “Email notifications” are on');
  });

  it('escapes what people wrote in the HTML, and starts every link with the public address', () => {
    const mail = renderMail({ ...base, kind: 'messages', notifications: [note({})] });
    expect(mail.subject).toBe('Eve <b> & Co sent you a message');
    expect(mail.html).toContain('Eve &lt;b&gt; &amp; Co sent you a message');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('href="http://localhost:5173/messages/c1"');
    expect(mail.unsubscribePost).toBe(
      'http://localhost:5173/api/unsubscribe/u1~messages~AAAAAAAAAAAAAAAAAAAAAA',
    );
  });
});

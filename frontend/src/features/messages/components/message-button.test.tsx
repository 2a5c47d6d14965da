import type { PersonProfile } from '@careers/contracts/entities/person-card';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchHandler, jsonReply, sentBodies } from '../../../testing/fake-api';
import { openSignedIn } from '../../../testing/render-app';
import { aConnection, connectionsApi } from '../../connections/testing';
import { adaEmployer, aJob, anApplicant, dataReply } from '../../jobs/testing';

const conversationId = crypto.randomUUID();

/** POST /conversations opens `conversationId`, or answers `refusal` (403) when given. */
function startingConversations(refusal?: string): FetchHandler {
  return (method, url) => {
    if (method === 'POST' && url === '/api/conversations') {
      return refusal ? jsonReply(403, { message: refusal }) : dataReply({ conversationId });
    }
    // The thread it opens: not what these tests look at.
    return jsonReply(404, { message: 'Not found' });
  };
}

function withFallback(first: FetchHandler, fallback: FetchHandler): FetchHandler {
  return async (method, url, init) => {
    const reply = await first(method, url, init);
    return reply.status === 404 ? fallback(method, url, init) : reply;
  };
}

describe('the Message buttons', () => {
  it('on a connection: opens the conversation and goes to it', async () => {
    const grace = aConnection();
    const lists = { connections: [grace], pending: [], sent: [], suggested: [] };
    const { api, router, user } = openSignedIn(
      '/connections',
      withFallback(connectionsApi(lists), startingConversations()),
    );
    const card = within(await screen.findByRole('article', { name: 'Grace Hopper' }));
    const button = card.getByRole('button', { name: 'Message' });
    expect(button.getAttribute('title')).toBe('Send Grace Hopper a message');

    await user.click(button);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/messages/${conversationId}`));
    expect(sentBodies(api, 'POST', '/api/conversations')).toEqual([{ participantId: grace.user._id }]);
  });

  it('on an applicant: names the job, and says why when the server refuses', async () => {
    const job = aJob({ title: 'Compiler Engineer', employer: adaEmployer });
    const applicant = anApplicant(job._id);
    const { api, router, user } = openSignedIn(`/jobs/${job._id}/applicants`, (method, url, init) => {
      if (method === 'GET' && url === `/api/jobs/${job._id}`) return dataReply(job);
      if (method === 'GET' && url === `/api/jobs/${job._id}/applications`) return dataReply([applicant]);
      return startingConversations("You can't reply to this conversation")(method, url, init);
    });
    const card = within(await screen.findByRole('article', { name: 'Grace Hopper' }));

    await user.click(card.getByRole('button', { name: 'Message' }));

    expect((await card.findByRole('alert')).textContent).toBe("You can't reply to this conversation");
    expect(sentBodies(api, 'POST', '/api/conversations')).toEqual([
      { participantId: applicant.applicant._id, jobId: job._id },
    ]);
    expect(router.state.location.pathname).toBe(`/jobs/${job._id}/applicants`);
  });

  it("on a person's profile: opens the conversation", async () => {
    const id = crypto.randomUUID();
    const person: PersonProfile = {
      _id: id,
      firstName: 'Alan',
      lastName: 'Turing',
      jobTitle: '',
      profilePicture: null,
      location: { city: '', state: '', country: '' },
      skills: [],
      bio: '',
      email: null,
      phone: null,
      connectionCount: 1,
      mutualConnections: { count: 0, people: [] },
      relationship: { status: 'connected', connectionId: crypto.randomUUID() },
    };
    const { api, router, user } = openSignedIn(`/people/${id}`, (method, url, init) => {
      if (method === 'GET' && url === `/api/people/${id}`) return dataReply(person);
      if (method === 'GET' && url.startsWith('/api/posts'))
        return jsonReply(200, { data: [], nextCursor: null });
      return startingConversations()(method, url, init);
    });
    const card = within(await screen.findByRole('article', { name: 'Alan Turing' }));

    await user.click(card.getByRole('button', { name: 'Message' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/messages/${conversationId}`));
    expect(sentBodies(api, 'POST', '/api/conversations')).toEqual([{ participantId: id }]);
  });
});

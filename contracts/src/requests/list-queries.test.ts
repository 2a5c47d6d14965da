import { describe, expect, it } from 'vitest';
import { connectionMessages, queryMessages, requestMessages } from '../messages.ts';
import { ConnectionListQuery } from './connection-list-query.ts';
import { FeedQuery } from './feed-query.ts';
import { JobListQuery } from './job-list-query.ts';

describe('JobListQuery', () => {
  it('defaults to page 1 of 10 with no filters', () => {
    expect(JobListQuery.parse({})).toEqual({ skills: [], page: 1, limit: 10 });
  });

  it('coerces a query string', () => {
    expect(
      JobListQuery.parse({
        search: ' react ',
        skills: 'React, Node.js',
        jobType: 'Full-time',
        workLocation: '',
        experienceLevel: 'Entry Level',
        location: 'Berlin',
        page: '3',
        limit: '5',
      }),
    ).toEqual({
      search: 'react',
      skills: ['React', 'Node.js'],
      jobType: 'Full-time',
      experienceLevel: 'Entry Level',
      location: 'Berlin',
      page: 3,
      limit: 5,
    });
  });

  it('reads repeated keys as a list', () => {
    expect(JobListQuery.parse({ skills: ['Go', 'Rust'] }).skills).toEqual(['Go', 'Rust']);
  });

  it.each([
    [{ page: '0' }, queryMessages.pageInvalid],
    [{ page: 'two' }, queryMessages.pageInvalid],
    [{ page: '1.5' }, queryMessages.pageInvalid],
    [{ limit: '51' }, queryMessages.limitInvalid],
    [{ limit: '0' }, queryMessages.limitInvalid],
    [{ jobType: 'Gig' }, 'Please choose a valid job type'],
    [{ search: 'x'.repeat(201) }, queryMessages.searchTooLong],
  ])('rejects %j', (query, message) => {
    expect(JobListQuery.safeParse(query).error?.issues[0]?.message).toBe(message);
  });
});

describe('FeedQuery', () => {
  it('reads following as a boolean and tags as a list', () => {
    expect(FeedQuery.parse({ following: 'true', tags: 'career,remote', limit: '3' })).toEqual({
      page: 1,
      limit: 3,
      tags: ['career', 'remote'],
      following: true,
    });
    expect(FeedQuery.parse({ following: '0' }).following).toBe(false);
  });

  it('rejects a following that is not a boolean', () => {
    expect(FeedQuery.safeParse({ following: 'maybe' }).error?.issues[0]?.message).toBe(
      queryMessages.followingInvalid,
    );
  });
});

describe('ConnectionListQuery', () => {
  it('sorts by name ascending by default', () => {
    expect(ConnectionListQuery.parse({})).toEqual({ sortBy: 'name', sortOrder: 'asc', page: 1, limit: 10 });
  });

  it('filters by accepted or pending only', () => {
    expect(ConnectionListQuery.parse({ status: 'pending' }).status).toBe('pending');
    expect(ConnectionListQuery.safeParse({ status: 'rejected' }).error?.issues[0]?.message).toBe(
      connectionMessages.statusFilterInvalid,
    );
  });

  it('rejects an unknown sort', () => {
    expect(ConnectionListQuery.safeParse({ sortOrder: 'up' }).error?.issues[0]?.message).toBe(
      connectionMessages.sortOrderInvalid,
    );
  });
});

describe('query strings with NUL or a lone surrogate', () => {
  it('are refused with the one message (search, list filters)', () => {
    expect(JobListQuery.safeParse({ search: 'a\u0000b' }).error?.issues[0]?.message).toBe(
      requestMessages.unsafeText,
    );
    expect(JobListQuery.safeParse({ skills: 'React,\uD800' }).error?.issues[0]?.message).toBe(
      requestMessages.unsafeText,
    );
  });
});

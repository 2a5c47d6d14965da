import { randomBytes } from 'node:crypto';
import { type DomainEventType, parseDomainEvent, sealEventData } from '@careers/contracts/events/catalogue';
import { openWith, sealWith } from '@careers/service-kit';
import { describe, expect, it } from 'vitest';
import { replayHistory } from './replay-generator.ts';

describe('replay history', () => {
  const events = [...replayHistory(5000, 5)];

  it('gives as many events as asked, every one valid once sealed as the write side seals it', () => {
    expect(events).toHaveLength(5000);
    const key = randomBytes(32);
    const open = (subjectId: string, sealed: string) => openWith(key, subjectId, sealed);
    const invalid: string[] = [];
    for (const event of events) {
      const data = sealEventData(event.type as DomainEventType, event.data, (subjectId, json) =>
        sealWith(key, subjectId, json),
      );
      try {
        parseDomainEvent({ ...event, data }, { open });
      } catch (error) {
        invalid.push(`${event.type}: ${(error as Error).message}`);
      }
    }
    expect(invalid).toEqual([]);
  });

  it('numbers each stream from 1 without gaps and positions in order', () => {
    const versions = new Map<string, number>();
    let position = 0;
    for (const event of events) {
      expect(event.streamVersion).toBe((versions.get(event.streamId) ?? 0) + 1);
      versions.set(event.streamId, event.streamVersion);
      expect(event.position).toBeGreaterThan(position);
      position = event.position;
    }
  });

  it('is mostly likes, with unlikes of likes made before and counts as the write side counts them', () => {
    const likers = new Map<string, Set<string>>();
    let likes = 0;
    let unlikes = 0;
    for (const event of events) {
      if (event.type === 'PostCreated') likers.set(event.streamId, new Set());
      const d = event.data as { userId: string; likesCount: number };
      if (event.type === 'PostLiked') {
        likes++;
        const set = likers.get(event.streamId);
        expect(set?.has(d.userId)).toBe(false);
        set?.add(d.userId);
        expect(d.likesCount).toBe(set?.size);
      } else if (event.type === 'PostUnliked') {
        unlikes++;
        const set = likers.get(event.streamId);
        expect(set?.delete(d.userId)).toBe(true);
        expect(d.likesCount).toBe(set?.size);
      }
    }
    expect((likes + unlikes) / events.length).toBeGreaterThan(0.7);
    expect(unlikes).toBeGreaterThan(0);
    const types = new Set(events.map((e) => e.type));
    for (const type of [
      'UserRegistered',
      'CommentAdded',
      'ConnectionAccepted',
      'JobPosted',
      'ApplicationSubmitted',
    ])
      expect(types).toContain(type);
  });
});

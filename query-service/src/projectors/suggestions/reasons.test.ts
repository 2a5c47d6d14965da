import { describe, expect, it } from 'vitest';
import { reasonFor } from './reasons.ts';

const skill = (name: string) => ({ name, proficiency: 'Advanced' as const, experience: 2 });
const row = (fields: Partial<Parameters<typeof reasonFor>[0]> = {}) => ({
  mutuals: 0,
  skills: [],
  location: { city: '', state: '', country: '' },
  reader_city: '',
  reader_skills: [],
  ...fields,
});

describe('reasonFor', () => {
  it('names connections in common first, whatever else is shared', () => {
    expect(
      reasonFor(
        row({
          mutuals: 3,
          skills: [skill('React')],
          reader_skills: ['react'],
          location: { city: 'Berlin', state: '', country: '' },
          reader_city: 'berlin',
        }),
      ),
    ).toEqual({ kind: 'mutual', count: 3 });
  });

  it('then up to two skills in common, as the person wrote them, each once', () => {
    const reader_skills = ['react', 'typescript', 'sql'];
    const skills = [skill(' React '), skill('Go'), skill('react'), skill('TypeScript'), skill('SQL')];
    expect(reasonFor(row({ skills, reader_skills, reader_city: 'berlin' }))).toEqual({
      kind: 'skills',
      skills: ['React', 'TypeScript'],
    });
    expect(reasonFor(row({ skills: [skill('Go')], reader_skills: ['go'] }))).toEqual({
      kind: 'skills',
      skills: ['Go'],
    });
  });

  it('then the same city, as the person wrote it; nothing when none of these applies', () => {
    const berlin = { city: ' Berlin', state: '', country: 'Germany' };
    expect(reasonFor(row({ location: berlin, reader_city: 'berlin' }))).toEqual({
      kind: 'place',
      city: 'Berlin',
    });
    expect(reasonFor(row({ location: berlin, reader_city: 'paris' }))).toBeNull();
    // A reader without a city shares none with a person without one.
    expect(reasonFor(row({ reader_city: '' }))).toBeNull();
    expect(reasonFor(row({ reader_city: null }))).toBeNull();
    expect(reasonFor(row({ skills: [skill('Go')], reader_skills: ['rust'] }))).toBeNull();
  });
});

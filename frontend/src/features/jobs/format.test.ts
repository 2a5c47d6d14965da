import { describe, expect, it } from 'vitest';
import {
  dateText,
  employerLabel,
  employerName,
  locationText,
  placeText,
  salaryText,
  statusColor,
} from './format';

const employer = { _id: crypto.randomUUID(), firstName: 'Grace', lastName: 'Hopper' };

describe('jobs formatting', () => {
  it.each([
    [{ min: 85000, max: 120000, currency: 'USD' }, '$85,000 - $120,000 USD'],
    [{ min: 60000, max: null, currency: 'EUR' }, '$60,000+ EUR'],
    [{ min: null, max: 70000, currency: 'USD' }, 'Up to $70,000 USD'],
    [{ min: 0, max: 0, currency: '' }, '$0 - $0 USD'],
    [{ min: null, max: null, currency: 'USD' }, 'Not specified'],
  ])('writes the salary %o as "%s"', (salary, text) => {
    expect(salaryText(salary, 'en', 'Not specified')).toBe(text);
  });

  it("writes thousands in the reader's language", () => {
    expect(salaryText({ min: 85000, max: null, currency: 'USD' }, 'de', '')).toBe('$85.000+ USD');
  });

  it('names the company, else the employer', () => {
    expect(employerLabel({ company: { name: ' Navy Labs ' }, employer })).toBe('Navy Labs');
    expect(employerLabel({ company: { name: '  ' }, employer })).toBe('Grace Hopper');
    expect(employerName({ firstName: 'Alan', lastName: '' })).toBe('Alan');
  });

  it('writes places with the empty parts left out', () => {
    expect(placeText('Remote', { city: 'Berlin' })).toBe('Remote · Berlin');
    expect(placeText('Hybrid', { city: ' ' })).toBe('Hybrid');
    expect(locationText({ city: 'Arlington', state: '', country: 'USA' })).toBe('Arlington, USA');
    expect(locationText({ city: '', state: '', country: '' })).toBe('Location not specified');
  });

  it('keeps a calendar date on its day wherever the reader is', () => {
    expect(dateText('2026-03-02', 'en')).toBe('Mar 2, 2026');
  });

  it.each([
    ['pending', 'yellow'],
    ['accepted', 'green'],
    ['rejected', 'red'],
    ['interview', 'blue'],
    ['withdrawn', 'grey'],
    ['toString', 'grey'],
  ])('gives %s the %s badge', (status, color) => {
    expect(statusColor(status)).toBe(color);
  });
});

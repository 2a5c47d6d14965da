import { describe, expect, it } from 'vitest';
import { jobFormMessages } from '../messages.ts';
import { fieldErrors } from '../validation.ts';
import { CreateJobRequest, createJobRequestSchema, earliestCurrentDate, localDate } from './create-job.ts';

const form = {
  title: 'Backend Engineer',
  description: 'Build things.',
  requirements: ['TypeScript', ''],
  jobType: 'Contract',
  workLocation: 'Hybrid',
  experienceLevel: 'Senior Level',
  category: 'Finance',
  skills: [
    { name: 'Node.js', required: true, proficiency: 'Advanced' },
    { name: '   ', required: false, proficiency: 'Beginner' },
  ],
  benefits: ['', 'Health insurance', '  '],
  company: { name: 'Acme', industry: 'Banking', size: '11-50', website: 'https://acme.example' },
  location: { city: 'Paris', state: '', country: 'France' },
  salary: { min: '50000', max: 70000, currency: 'EUR' },
  applicationDeadline: '2025-06-30',
};

function errorsOf(input: unknown, today = '2025-06-01'): Record<string, string> {
  const result = createJobRequestSchema(today).safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('CreateJobRequest', () => {
  it('accepts the form and drops blank requirements, benefits and skills', () => {
    const job = createJobRequestSchema('2025-06-01').parse(form);
    expect(job.requirements).toEqual(['TypeScript']);
    expect(job.benefits).toEqual(['Health insurance']);
    expect(job.skills).toEqual([{ name: 'Node.js', required: true, proficiency: 'Advanced' }]);
    expect(job.salary).toEqual({ min: 50000, max: 70000, currency: 'EUR' });
    expect(job.applicationDeadline).toBe('2025-06-30');
  });

  it('fills the form defaults for what is left out', () => {
    const job = CreateJobRequest.parse({
      title: 'T',
      description: 'D',
      company: { name: 'C' },
      location: { city: 'X' },
      salary: { min: 1, max: 2 },
    });
    expect(job).toEqual({
      title: 'T',
      description: 'D',
      requirements: [],
      jobType: 'Full-time',
      workLocation: 'Remote',
      experienceLevel: 'Mid Level',
      category: 'Technology',
      skills: [],
      benefits: [],
      company: { name: 'C', industry: '', size: null, website: '' },
      location: { city: 'X', state: '', country: '' },
      salary: { min: 1, max: 2, currency: 'USD' },
      applicationDeadline: null,
    });
  });

  it.each([
    ['title', { title: '  ' }, jobFormMessages.titleRequired],
    ['description', { description: '' }, jobFormMessages.descriptionRequired],
    ['company.name', { company: { ...form.company, name: ' ' } }, jobFormMessages.companyNameRequired],
    ['company', { company: undefined }, jobFormMessages.companyNameRequired],
    ['location.city', { location: { city: '' } }, jobFormMessages.cityRequired],
    ['location', { location: undefined }, jobFormMessages.cityRequired],
    ['salary.min', { salary: { min: '', max: 10 } }, jobFormMessages.salaryRangeRequired],
    ['salary.max', { salary: { min: 10, max: null } }, jobFormMessages.salaryRangeRequired],
    ['salary', { salary: undefined }, jobFormMessages.salaryRangeRequired],
    ['salary.max', { salary: { min: 10, max: 5 } }, jobFormMessages.salaryMaxBelowMin],
    ['salary.min', { salary: { min: -1, max: 5 } }, jobFormMessages.salaryNegative],
    ['salary.min', { salary: { min: 'lots', max: 5 } }, jobFormMessages.salaryNotANumber],
    ['salary.min', { salary: { min: '0x10', max: 50 } }, jobFormMessages.salaryNotANumber],
    ['salary.max', { salary: { min: 10, max: 85000.5 } }, jobFormMessages.salaryNotWhole],
    ['jobType', { jobType: 'Gig' }, jobFormMessages.jobTypeInvalid],
    ['company.website', { company: { ...form.company, website: 'acme' } }, jobFormMessages.websiteInvalid],
    [
      'company.website',
      { company: { ...form.company, website: 'javascript:alert(1)' } },
      jobFormMessages.websiteInvalid,
    ],
    ['applicationDeadline', { applicationDeadline: '2025-05-31' }, jobFormMessages.deadlineInPast],
    ['applicationDeadline', { applicationDeadline: '31/12/2025' }, jobFormMessages.deadlineInvalid],
  ])('%s reads its message', (path, change, message) => {
    expect(errorsOf({ ...form, ...change })).toEqual({ [path]: message });
  });

  it('uses the spec wording', () => {
    expect(jobFormMessages).toMatchObject({
      titleRequired: 'Job title is required',
      descriptionRequired: 'Job description is required',
      companyNameRequired: 'Company name is required',
      cityRequired: 'City is required',
      salaryRangeRequired: 'Salary range is required',
    });
  });

  it('accepts a deadline of today and an empty website', () => {
    const job = createJobRequestSchema('2025-06-30').parse({
      ...form,
      company: { ...form.company, website: '' },
    });
    expect(job.applicationDeadline).toBe('2025-06-30');
    expect(job.company.website).toBe('');
  });

  it('treats an empty deadline as none, whatever the date', () => {
    expect(
      createJobRequestSchema('2030-01-01').parse({ ...form, applicationDeadline: '' }).applicationDeadline,
    ).toBe(null);
  });

  it('has no date rule without a today', () => {
    expect(CreateJobRequest.safeParse({ ...form, applicationDeadline: '2000-01-01' }).success).toBe(true);
  });
});

describe('dates for the deadline rule', () => {
  it('earliestCurrentDate is the date at UTC-12', () => {
    expect(earliestCurrentDate(new Date('2025-06-02T11:59:00Z'))).toBe('2025-06-01');
    expect(earliestCurrentDate(new Date('2025-06-02T12:00:00Z'))).toBe('2025-06-02');
  });

  it('localDate formats the local calendar date', () => {
    expect(localDate(new Date(2025, 0, 5, 23, 30))).toBe('2025-01-05');
  });
});

import {
  applicationStatusColors,
  DEFAULT_CURRENCY,
  UNKNOWN_STATUS_COLOR,
} from '@careers/contracts/constants';
import type { Company, JobEmployer } from '@careers/contracts/entities/job';
import type { Location } from '@careers/contracts/entities/location';
import type { SalaryRange } from '@careers/contracts/entities/salary-range';
import { jobMessages } from '@careers/contracts/messages';
import { formatCount, type Language } from '../../lib/locale';

/** The employer's first and last name: "Grace Hopper". */
export function employerName(employer: Pick<JobEmployer, 'firstName' | 'lastName'>): string {
  return `${employer.firstName} ${employer.lastName}`.trim();
}

/** Spec: cards show the company name, or the employer's name when there is none. */
export function employerLabel(job: { company: Pick<Company, 'name'>; employer: JobEmployer }): string {
  const company = job.company.name.trim();
  return company || employerName(job.employer);
}

/** "$85,000": dollars with the reader's thousands separator. */
export function money(amount: number, language: Language): string {
  return `$${formatCount(amount, language)}`;
}

/**
 * Spec, Job detail: "$min - $max CURRENCY", "$min+ CURRENCY", or `none` ("Not specified"; cards say
 * "Salary not specified"). A range with only a maximum (the spec shows none) reads "Up to $max".
 */
export function salaryText(salary: SalaryRange, language: Language, none: string): string {
  const currency = salary.currency || DEFAULT_CURRENCY;
  const { min, max } = salary;
  if (min !== null && max !== null) return `${money(min, language)} - ${money(max, language)} ${currency}`;
  if (min !== null) return `${money(min, language)}+ ${currency}`;
  if (max !== null) return `Up to ${money(max, language)} ${currency}`;
  return none;
}

/** "Remote · Berlin": the work location and the city, when there is one. */
export function placeText(workLocation: string, location: Pick<Location, 'city'>): string {
  const city = location.city.trim();
  return city ? `${workLocation} · ${city}` : workLocation;
}

/** "city, state, country" with the empty parts left out, or "Location not specified". */
export function locationText(location: Location): string {
  const parts = [location.city, location.state, location.country].map((part) => part.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : jobMessages.locationNotSpecified;
}

const dateFormats = new Map<Language, Intl.DateTimeFormat>();

function dateFormat(language: Language): Intl.DateTimeFormat {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    dateFormats.set(language, format);
  }
  return format;
}

/**
 * A date as the reader writes it. A calendar date (`YYYY-MM-DD`, a deadline) is that day wherever the
 * reader is; an instant is shown on the reader's own calendar.
 */
export function dateText(value: string, language: Language): string {
  const calendarDate = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = calendarDate
    ? new Date(Number(calendarDate[1]), Number(calendarDate[2]) - 1, Number(calendarDate[3]))
    : new Date(value);
  return dateFormat(language).format(date);
}

/** Spec section 4: pending yellow, accepted green, rejected red, interview blue, anything else grey. */
export function statusColor(status: string): string {
  return Object.hasOwn(applicationStatusColors, status)
    ? applicationStatusColors[status as keyof typeof applicationStatusColors]
    : UNKNOWN_STATUS_COLOR;
}

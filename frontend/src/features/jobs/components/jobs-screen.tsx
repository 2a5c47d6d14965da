import {
  experienceLevels,
  JOB_SORTS,
  jobTypes,
  MIN_SALARY_CHOICES,
  POSTED_WITHIN_DAYS,
  SHORT_TEXT_MAX_LENGTH,
  workLocations,
} from '@careers/contracts/constants';
import {
  errorCardTitles,
  fallbackMessages,
  jobMessages,
  jobScreenMessages,
} from '@careers/contracts/messages';
import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorCard } from '../../../components/error-card';
import { InputField } from '../../../components/input-field';
import { LoadingState } from '../../../components/loading-state';
import { SelectField } from '../../../components/select-field';
import { errorMessageOf } from '../../../lib/api-client';
import { useSavedJobIds } from '../api/get-saved-jobs';
import { DEFAULT_JOB_SORT, jobFiltersOf, useJobList } from '../api/list-jobs';
import { JobCard, JobsScreenHeader } from './job-card';
import { Pagination } from './pagination';
import { SaveAnnouncement, useSaveAnnouncer } from './save-job-toggle';

type FilterName = 'jobType' | 'workLocation' | 'experienceLevel' | 'minSalary' | 'postedWithin';
/** What the URL holds: the filters, the search form's two fields, the order and the page. */
type ParamName = FilterName | 'search' | 'location' | 'sort' | 'page';

const options = <V extends string>(values: readonly V[], all: string) => [
  { value: '' as const, label: all },
  ...values.map((value) => ({ value, label: value })),
];

/** Number choices as a select's options, their values the digits the URL holds. */
const numberOptions = (values: readonly number[], all: string, label: (value: number) => string) => [
  { value: '', label: all },
  ...values.map((value) => ({ value: String(value), label: label(value) })),
];

const sortOptions = JOB_SORTS.map((sort) => ({ value: sort, label: jobScreenMessages.sortLabels[sort] }));

const filterFields = [
  {
    name: 'jobType',
    label: jobScreenMessages.jobType,
    options: options(jobTypes, jobScreenMessages.allJobTypes),
  },
  {
    name: 'workLocation',
    label: jobScreenMessages.workLocation,
    options: options(workLocations, jobScreenMessages.allWorkLocations),
  },
  {
    name: 'experienceLevel',
    label: jobScreenMessages.experienceLevel,
    options: options(experienceLevels, jobScreenMessages.allExperienceLevels),
  },
  {
    name: 'minSalary',
    label: jobScreenMessages.minSalary,
    options: numberOptions(MIN_SALARY_CHOICES, jobScreenMessages.anySalary, jobScreenMessages.salaryAtLeast),
  },
  {
    name: 'postedWithin',
    label: jobScreenMessages.datePosted,
    options: numberOptions(POSTED_WITHIN_DAYS, jobScreenMessages.anyTime, jobScreenMessages.postedWithinDays),
  },
] as const satisfies ReadonlyArray<{ name: FilterName; label: string; options: unknown }>;

/**
 * Spec, Jobs list (/jobs). Beyond the spec, each card has a Save toggle, marked from the reader's
 * saved list (read beside the jobs, app/screen-data.ts), and the header leads to Saved Jobs.
 */
export function JobsScreen() {
  const [params, setParams] = useSearchParams();
  const filters = jobFiltersOf(params);
  const list = useJobList(filters);
  const savedIds = useSavedJobIds();
  const announcer = useSaveAnnouncer();
  const [searchText, setSearchText] = useState(filters.search);
  const [locationText, setLocationText] = useState(filters.location);
  const searchId = useId();

  // A new search from the top bar (or Back) puts its text in the fields.
  useEffect(() => setSearchText(filters.search), [filters.search]);
  useEffect(() => setLocationText(filters.location), [filters.location]);

  // Each change is a navigation that the route's loader makes settle a moment later, and React shows
  // it on a later render still. A change meanwhile (two selects in a row) builds on the last one asked
  // for, not on the location on screen, which would drop it. When a location is shown, the asks up to
  // it are done; a location the screen did not ask for (Back, a search from the top bar) starts afresh.
  // A layout effect, not a passive one: it runs in the commit that shows the location, so an older
  // render's bookkeeping can never land after a newer ask.
  const pending = useRef<string[]>([]);
  useLayoutEffect(() => {
    const shown = pending.current.indexOf(params.toString());
    pending.current = shown === -1 ? [] : pending.current.slice(shown + 1);
  }, [params]);

  function ask(next: URLSearchParams) {
    pending.current.push(next.toString());
    setParams(next);
  }

  /** Any change of the filters goes back to the first page. */
  function change(changes: Partial<Record<ParamName, string>>) {
    const next = new URLSearchParams(pending.current.at(-1) ?? params);
    next.delete('page');
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    ask(next);
  }

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The location applies with the keywords, on submit, not at each keystroke.
    change({ search: searchText.trim(), location: locationText.trim() });
  }

  function clearFilters() {
    setSearchText('');
    setLocationText('');
    ask(new URLSearchParams());
  }

  const page = list.data;
  const failure = list.isError ? errorMessageOf(list.error, fallbackMessages.fetchJobs) : null;
  const listSearch = params.toString() ? `?${params}` : '';

  return (
    <section className="screen jobs-screen">
      <JobsScreenHeader title={jobScreenMessages.findJobs} />
      <SaveAnnouncement said={announcer.said} />
      <div className="card jobs-filters">
        <search className="jobs-search" aria-label={jobScreenMessages.searchLabel}>
          <form onSubmit={submitSearch}>
            <div className="field jobs-search-keywords">
              <label className="field-label" htmlFor={searchId}>
                {jobScreenMessages.searchLabel}
              </label>
              <input
                id={searchId}
                className="input"
                type="search"
                name="search"
                placeholder={jobScreenMessages.searchPlaceholder}
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
              />
            </div>
            <InputField
              name="location"
              label={jobScreenMessages.location}
              placeholder={jobScreenMessages.locationPlaceholder}
              maxLength={SHORT_TEXT_MAX_LENGTH}
              value={locationText}
              onChange={setLocationText}
            />
            <button type="submit" className="button jobs-search-submit">
              {jobScreenMessages.search}
            </button>
          </form>
        </search>
        <div className="jobs-filter-row">
          {filterFields.map((field) => (
            <SelectField
              key={field.name}
              name={field.name}
              label={field.label}
              options={field.options}
              value={String(filters[field.name])}
              onChange={(value) => change({ [field.name]: value })}
            />
          ))}
          <button type="button" className="button button-ghost jobs-clear" onClick={clearFilters}>
            {jobScreenMessages.clearFilters}
          </button>
        </div>
      </div>
      <div className="jobs-results-bar">
        <p className="jobs-count" role="status">
          {page ? jobMessages.jobsFound(page.pagination.totalJobs) : null}
        </p>
        {/* Shown without search text too, where relevance is newest first: one may sort by salary. */}
        <div className="jobs-sort">
          <SelectField
            name="sort"
            label={jobScreenMessages.sortBy}
            options={sortOptions}
            value={filters.sort}
            onChange={(sort) => change({ sort: sort === DEFAULT_JOB_SORT ? '' : sort })}
          />
        </div>
      </div>
      {list.isPending ? <LoadingState /> : null}
      {failure === null ? null : (
        <ErrorCard
          title={errorCardTitles.jobs}
          message={failure}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      )}
      {page && !list.isError && page.data.length === 0 ? (
        <div className="card empty-state">
          <h2 className="section-title">{jobMessages.noJobsFound}</h2>
          <p>{jobMessages.tryAdjustingSearch}</p>
        </div>
      ) : null}
      {page && !list.isError && page.data.length > 0 ? (
        <div className="job-list" aria-busy={list.isPlaceholderData || undefined}>
          {page.data.map((job) => (
            <JobCard
              key={job._id}
              job={job}
              listSearch={listSearch}
              saved={savedIds.has(job._id)}
              onSavedChange={announcer.onChanged}
            />
          ))}
        </div>
      ) : null}
      {page && !list.isError ? (
        <Pagination pagination={page.pagination} onPage={(next) => change({ page: String(next) })} />
      ) : null}
    </section>
  );
}

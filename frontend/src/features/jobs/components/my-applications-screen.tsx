import { applicationStatuses } from '@careers/contracts/constants';
import type { Application } from '@careers/contracts/entities/application';
import type { ApplicationStatus } from '@careers/contracts/entities/enums';
import {
  applyMessages,
  errorCardTitles,
  fallbackMessages,
  applicationsScreenMessages as texts,
} from '@careers/contracts/messages';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorCard } from '../../../components/error-card';
import { FilterBar } from '../../../components/filter-bar';
import { LoadingState } from '../../../components/loading-state';
import { SelectField } from '../../../components/select-field';
import { errorMessageOf } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import { useMyApplications } from '../api/get-my-applications';
import { useLiveApplications } from '../live/use-live-hiring';
import { ApplicationCard } from './application-card';

type Sort = 'recent' | 'oldest' | 'status';

const statusOptions = [
  { value: '' as const, label: texts.allStatuses },
  ...applicationStatuses.map((value) => ({ value, label: value })),
];
const sortOptions: Array<{ value: Sort; label: string }> = [
  { value: 'recent', label: texts.mostRecent },
  { value: 'oldest', label: texts.oldestFirst },
  { value: 'status', label: texts.byStatus },
];

interface Filters {
  search: string;
  status: ApplicationStatus | '';
  sort: Sort;
}

const noFilters: Filters = { search: '', status: '', sort: 'recent' };

/** Spec: the search looks at the job title and the employer's first and last name (and the company). */
function matches(application: Application, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const { job } = application;
  const text = [job.title, job.employer.firstName, job.employer.lastName, job.company.name]
    .join(' ')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}

const newestFirst = (a: Application, b: Application) => b.appliedAt.localeCompare(a.appliedAt);

function filtered(applications: Application[], filters: Filters): Application[] {
  const shown = applications.filter(
    (application) =>
      (filters.status === '' || application.status === filters.status) &&
      matches(application, filters.search),
  );
  if (filters.sort === 'oldest') return shown.sort((a, b) => -newestFirst(a, b));
  if (filters.sort === 'status') {
    return shown.sort((a, b) => a.status.localeCompare(b.status) || newestFirst(a, b));
  }
  return shown.sort(newestFirst);
}

/** Spec: Total, Pending, Accepted, Interviews, over every application whatever the filters. */
function Statistics({ applications }: { applications: Application[] }) {
  const count = (status: ApplicationStatus) => applications.filter((one) => one.status === status).length;
  const stats = [
    [texts.total, applications.length],
    [texts.pending, count('pending')],
    [texts.accepted, count('accepted')],
    [texts.interviews, count('interview')],
  ] as const;
  return (
    <section className="card" aria-label={texts.statistics}>
      <dl className="application-stats">
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Spec, My Applications (/jobs/applications and /applications). The search, status filter and sort work
 * on the list already loaded. A status the poster changes arrives live and moves the badge and the
 * statistics at once.
 */
export function MyApplicationsScreen() {
  const applications = useMyApplications();
  const [filters, setFilters] = useState(noFilters);
  const now = useNow();
  useLiveApplications();
  const all = applications.data ?? [];
  const shown = useMemo(
    () => filtered([...(applications.data ?? [])], filters),
    [applications.data, filters],
  );
  const failure = applications.isError
    ? errorMessageOf(applications.error, fallbackMessages.fetchApplications)
    : null;

  return (
    <section className="screen applications-screen">
      <h1 className="screen-title">{texts.myApplications}</h1>
      {applications.isPending ? <LoadingState /> : null}
      {failure === null ? null : (
        <ErrorCard
          title={errorCardTitles.applications}
          message={failure}
          retrying={applications.isFetching}
          onRetry={() => void applications.refetch()}
        />
      )}
      {applications.data && all.length === 0 ? (
        <div className="card empty-state">
          <h2 className="section-title">{applyMessages.noApplications}</h2>
          <p>{applyMessages.noApplicationsYet}</p>
          <Link to="/jobs" className="button">
            {texts.browseJobs}
          </Link>
        </div>
      ) : null}
      {all.length > 0 ? (
        <>
          <Statistics applications={all} />
          <FilterBar
            label={texts.searchLabel}
            placeholder={texts.searchPlaceholder}
            search={filters.search}
            onSearch={(search) => setFilters((current) => ({ ...current, search }))}
            clearLabel={texts.clearFilters}
            onClear={() => setFilters(noFilters)}
          >
            <SelectField
              name="status"
              label={texts.status}
              options={statusOptions}
              value={filters.status}
              onChange={(status) => setFilters((current) => ({ ...current, status }))}
            />
            <SelectField
              name="sort"
              label={texts.sort}
              options={sortOptions}
              value={filters.sort}
              onChange={(sort) => setFilters((current) => ({ ...current, sort: sort || 'recent' }))}
            />
          </FilterBar>
          {shown.length === 0 ? (
            <div className="card empty-state">
              <p>{applyMessages.noApplicationsMatch}</p>
            </div>
          ) : (
            <div className="application-list">
              {shown.map((application) => (
                <ApplicationCard key={application._id} application={application} now={now} />
              ))}
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}

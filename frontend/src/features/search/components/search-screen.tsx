import { searchSectionSizes } from '@careers/contracts/constants';
import type { CompanyCard } from '@careers/contracts/entities/company';
import type { PersonCard } from '@careers/contracts/entities/person-card';
import { companyMessages, searchMessages } from '@careers/contracts/messages';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Avatar, initialsOf } from '../../../components/avatar';
import { ErrorCard } from '../../../components/error-card';
import { LoadingState } from '../../../components/loading-state';
import { errorMessageOf } from '../../../lib/api-client';
import { cityAndCountry, fullName } from '../../connections/components/person';
import { useSavedJobIds } from '../../jobs/api/get-saved-jobs';
import { JobCard } from '../../jobs/components/job-card';
import { SaveAnnouncement, useSaveAnnouncer } from '../../jobs/components/save-job-toggle';
import { useSiteSearch } from '../api/site-search';

/**
 * Beyond the spec: the search page (/search?q=), reached from the typeahead's last option. People,
 * companies and jobs matching the text, the best few of each; the jobs section leads on to the jobs
 * list with the same search, where the filters are.
 */
export function SearchScreen() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const results = useSiteSearch(q, searchSectionSizes.page, 'page');
  const savedIds = useSavedJobIds();
  const announcer = useSaveAnnouncer();

  return (
    <section className="screen search-screen" aria-labelledby="search-title">
      <SaveAnnouncement said={announcer.said} />
      <header className="screen-header">
        <h1 className="screen-title" id="search-title" dir="auto">
          {q ? searchMessages.resultsFor(q) : searchMessages.typeSomething}
        </h1>
      </header>
      {q === '' ? null : results.isPending ? (
        <LoadingState />
      ) : results.isError ? (
        <ErrorCard
          title={searchMessages.loadFailed}
          message={errorMessageOf(results.error, searchMessages.loadFailed)}
          onRetry={() => void results.refetch()}
        />
      ) : results.data.people.length + results.data.companies.length + results.data.jobs.length === 0 ? (
        <div className="card empty-state">
          <p className="empty-state-title" dir="auto">
            {searchMessages.noResults(q)}
          </p>
          <p className="muted">{searchMessages.noResultsHint}</p>
        </div>
      ) : (
        <>
          <ResultSection title={searchMessages.people} empty={searchMessages.noPeople}>
            {results.data.people.length === 0 ? null : (
              <ul className="result-list">
                {results.data.people.map((person) => (
                  <PersonResult key={person._id} person={person} />
                ))}
              </ul>
            )}
          </ResultSection>
          <ResultSection title={searchMessages.companies} empty={searchMessages.noCompanies}>
            {results.data.companies.length === 0 ? null : (
              <ul className="result-list">
                {results.data.companies.map((company) => (
                  <CompanyResult key={company.slug} company={company} />
                ))}
              </ul>
            )}
          </ResultSection>
          <ResultSection title={searchMessages.jobs} empty={searchMessages.noJobs}>
            {results.data.jobs.length === 0 ? null : (
              <>
                <div className="job-list">
                  {results.data.jobs.map((job) => (
                    <JobCard
                      key={job._id}
                      job={job}
                      listSearch={`?${new URLSearchParams({ search: q })}`}
                      saved={savedIds.has(job._id)}
                      onSavedChange={announcer.onChanged}
                    />
                  ))}
                </div>
                <p>
                  <Link to={`/jobs?${new URLSearchParams({ search: q })}`}>
                    {searchMessages.seeAllJobs(results.data.totalJobs ?? results.data.jobs.length)}
                  </Link>
                </p>
              </>
            )}
          </ResultSection>
        </>
      )}
    </section>
  );
}

function ResultSection({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section className="result-section" aria-labelledby={id}>
      <h2 className="section-title" id={id}>
        {title}
      </h2>
      {children ?? <p className="muted">{empty}</p>}
    </section>
  );
}

function PersonResult({ person }: { person: PersonCard }) {
  const name = fullName(person);
  const place = cityAndCountry(person.location);
  return (
    <li className="card result-card">
      <Avatar picture={person.profilePicture} name={name} initials={initialsOf(person)} />
      <div>
        <Link to={`/people/${person._id}`} className="result-name" dir="auto">
          {name}
        </Link>
        {person.jobTitle ? <p dir="auto">{person.jobTitle}</p> : null}
        {place ? <p className="muted">{place}</p> : null}
      </div>
    </li>
  );
}

function CompanyResult({ company }: { company: CompanyCard }) {
  return (
    <li className="card result-card">
      <div>
        <Link to={`/companies/${encodeURIComponent(company.slug)}`} className="result-name" dir="auto">
          {company.name}
        </Link>
        {company.industry ? <p dir="auto">{company.industry}</p> : null}
        <p className="muted">{companyMessages.openJobs(company.openJobs)}</p>
      </div>
    </li>
  );
}

import { companyMessages } from '@careers/contracts/messages';
import { useParams } from 'react-router-dom';
import { ErrorCard } from '../../../components/error-card';
import { LoadingState } from '../../../components/loading-state';
import { errorMessageOf } from '../../../lib/api-client';
import { isHttpUrl } from '../../../lib/urls';
import { useSavedJobIds } from '../../jobs/api/get-saved-jobs';
import { JobCard } from '../../jobs/components/job-card';
import { isNotFound } from '../../jobs/components/refusal';
import { SaveAnnouncement, useSaveAnnouncer } from '../../jobs/components/save-job-toggle';
import { useCompany } from '../api/get-company';

/**
 * Beyond the spec: a company's page (/companies/{slug}), from the company fields of its jobs: name,
 * industry, size, website (its newest job's), and its open jobs, newest first.
 */
export function CompanyScreen() {
  const { slug = '' } = useParams();
  const company = useCompany(slug);
  const savedIds = useSavedJobIds();
  const announcer = useSaveAnnouncer();

  if (company.isPending) return <LoadingState />;
  if (company.isError) {
    return isNotFound(company.error) ? (
      <section className="screen">
        <div className="card empty-state">
          <h1 className="screen-title">{companyMessages.companyNotFound}</h1>
          <p>{companyMessages.companyNotFoundDetail}</p>
        </div>
      </section>
    ) : (
      <section className="screen">
        <h1 className="visually-hidden">{companyMessages.loadFailed}</h1>
        <ErrorCard
          title={companyMessages.loadFailed}
          message={errorMessageOf(company.error, companyMessages.loadFailed)}
          onRetry={() => void company.refetch()}
        />
      </section>
    );
  }
  const c = company.data;
  return (
    <section className="screen company-screen" aria-labelledby="company-name">
      <SaveAnnouncement said={announcer.said} />
      <article className="card company-card">
        <h1 className="screen-title" id="company-name" dir="auto">
          {c.name}
        </h1>
        <dl className="job-facts-list">
          {c.industry ? (
            <div>
              <dt>{companyMessages.industry}</dt>
              <dd dir="auto">{c.industry}</dd>
            </div>
          ) : null}
          {c.size ? (
            <div>
              <dt>{companyMessages.size}</dt>
              <dd>{companyMessages.employees(c.size)}</dd>
            </div>
          ) : null}
          {c.website ? (
            <div>
              <dt>{companyMessages.website}</dt>
              <dd>
                {isHttpUrl(c.website) ? (
                  <a href={c.website} target="_blank" rel="noopener noreferrer nofollow">
                    {c.website}
                  </a>
                ) : (
                  c.website
                )}
              </dd>
            </div>
          ) : null}
        </dl>
      </article>
      <section className="result-section" aria-labelledby="company-jobs">
        <h2 className="section-title" id="company-jobs">
          {companyMessages.openJobs(c.openJobs)}
        </h2>
        {c.jobs.length === 0 ? (
          <p className="muted">{companyMessages.noOpenJobs}</p>
        ) : (
          <div className="job-list">
            {c.jobs.map((job) => (
              <JobCard
                key={job._id}
                job={job}
                listSearch=""
                saved={savedIds.has(job._id)}
                onSavedChange={announcer.onChanged}
              />
            ))}
          </div>
        )}
      </section>
    </section>
  );
}

import { endpoints } from '@careers/contracts/api/endpoints';
import { notificationSettingLabels } from '@careers/contracts/constants';
import { mailSettingOf, unsubscribePayloadOf } from '@careers/contracts/mail';
import { mailMessages } from '@careers/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ErrorBanner } from '../../components/error-banner';
import { callApi, errorMessageOf } from '../../lib/api-client';

const text = mailMessages.page;
const settingsPath = '/settings?tab=notifications';

/**
 * Where a mail's "Unsubscribe from these emails" link leads (beyond the spec), signed in or not: it says
 * which toggle the link turns off and does so on a press (a link alone changes nothing, so a mail
 * scanner that opens links unsubscribes nobody). Mail clients use the one-click POST in the mail's
 * headers instead.
 */
export function UnsubscribeScreen() {
  const { token = '' } = useParams();
  const named = unsubscribePayloadOf(token);
  const unsubscribe = useMutation({
    mutationFn: () =>
      callApi(endpoints.unsubscribe, { params: { token }, body: {} }, { fallbackMessage: text.failed }),
  });
  const setting = named ? notificationSettingLabels[mailSettingOf[named.k]] : '';

  return (
    <section className="auth-screen" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title" className="auth-title">
        {text.title}
      </h1>
      <div className="form-status" role="status" aria-live="polite">
        {unsubscribe.isSuccess ? <p className="banner banner-success">{text.done(setting)}</p> : null}
      </div>
      {named === null ? (
        <ErrorBanner message={text.invalid} />
      ) : unsubscribe.isSuccess ? null : (
        <>
          <p className="auth-subtitle">{text.question(setting)}</p>
          <p>{text.explain(setting)}</p>
          <ErrorBanner
            message={unsubscribe.isError ? errorMessageOf(unsubscribe.error, text.failed) : null}
          />
          <button
            type="button"
            className="button button-block"
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate()}
          >
            {unsubscribe.isPending ? text.working : text.confirm}
          </button>
        </>
      )}
      <p className="auth-switch">
        <Link to={settingsPath}>{text.settings}</Link>
      </p>
    </section>
  );
}

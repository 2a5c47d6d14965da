import { recoveryMessages } from '@careers/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Link, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { useOnline } from '../components/connectivity-banner';
import { TryAgainButton } from '../components/try-again-button';

/**
 * What a route shows instead of a screen that threw while rendering. The usual cause is a reply that
 * does not match its contract: the client types replies but does not parse them (api-client's
 * `callApi`), so one malformed post throws in the screen that renders it. The error goes to the
 * console for whoever debugs it; the person sees a plain message, no stack trace.
 *
 * The cached replies that made the screen fail are dropped as soon as the message shows, so neither
 * "Try again" nor a later visit renders them again: they belong to queries that lost their observers
 * when the screen unmounted (React runs those clean-ups before this component's effects), that is the
 * inactive ones. Other screens' inactive caches go too and are fetched again when next shown; the
 * session stays, its provider always observes it. "Try again" then renders the route afresh: the
 * router resets an error boundary when the location changes, and navigating to the same place makes a
 * new location.
 */
/** A route's lazily loaded script that could not be fetched (offline, or a deployment replaced it). */
function isScriptLoadFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

export function RouteErrorBoundary({ scope = 'screen' }: { scope?: 'screen' | 'app' }) {
  const error = useRouteError();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  // Offline, a screen's code (a route's script) or its first reads could not be fetched: said as such,
  // and the screen is tried again by itself once the browser is back online.
  const online = useOnline();
  const failedOffline = useRef(!online);
  if (!online) failedOffline.current = true;

  useEffect(() => {
    console.error('A screen failed to render and was replaced by the error boundary:', error);
  }, [error]);

  useEffect(() => {
    queryClient.removeQueries({ type: 'inactive' });
  }, [queryClient]);

  // The screen under the keyboard or screen reader is gone: say what replaced it.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  function tryAgain() {
    // A screen's script that failed to download stays failed in the browser's module map until the
    // page loads again: load it again, here.
    if (isScriptLoadFailure(error)) window.location.reload();
    else void navigate(location, { replace: true, state: location.state });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the way back online only
  useEffect(() => {
    if (online && failedOffline.current) tryAgain();
  }, [online]);

  const content = (
    <section className="card route-error" aria-labelledby={titleId}>
      <h1 className="route-error-title" id={titleId} ref={heading} tabIndex={-1}>
        {scope === 'app' ? recoveryMessages.appFailed : recoveryMessages.screenFailed}
      </h1>
      <p>{online ? recoveryMessages.screenFailedDetail : recoveryMessages.screenFailedOffline}</p>
      <div className="route-error-actions">
        <TryAgainButton onRetry={tryAgain} />
        <Link to="/dashboard" className="button button-ghost">
          {recoveryMessages.backToDashboard}
        </Link>
      </div>
    </section>
  );

  // Inside the shell the top bar and sidebar stay; without it the message gets a page of its own.
  return scope === 'app' ? <main className="route-error-page">{content}</main> : content;
}

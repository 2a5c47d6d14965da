import { PROFILE_SUCCESS_BANNER_MS } from '@careers/contracts/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

interface Notice {
  text: string;
  /** Tells two equal messages apart, so the same success shown again restarts its timer. */
  serial: number;
}

export interface ProfileNotices {
  success: Notice | null;
  error: Notice | null;
  succeed(text: string): void;
  fail(text: string): void;
  dismissError(): void;
  clear(): void;
}

/**
 * The Profile screen's one success line and one error line (spec: success messages disappear after 5
 * seconds, errors show a dismiss link). A new outcome replaces the other kind: a success after a
 * failure means the failure no longer holds.
 */
export function useProfileNotices(): ProfileNotices {
  const [success, setSuccess] = useState<Notice | null>(null);
  const [error, setError] = useState<Notice | null>(null);
  const serial = useRef(0);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(null), PROFILE_SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const succeed = useCallback((text: string) => {
    serial.current += 1;
    setSuccess({ text, serial: serial.current });
    setError(null);
  }, []);
  const fail = useCallback((text: string) => {
    serial.current += 1;
    setError({ text, serial: serial.current });
    setSuccess(null);
  }, []);
  const dismissError = useCallback(() => setError(null), []);
  const clear = useCallback(() => {
    setSuccess(null);
    setError(null);
  }, []);
  return { success, error, succeed, fail, dismissError, clear };
}

/**
 * The success line sits in a polite live region that is there from the start (a region added with its
 * text is not announced); the error is an alert with a Dismiss link that hands the focus back to the
 * screen's heading, as the link itself goes away.
 */
export function ProfileNoticeBanners({
  notices,
  onDismissed,
}: {
  notices: ProfileNotices;
  onDismissed(): void;
}) {
  return (
    <>
      <div className="form-status" role="status" aria-live="polite">
        {notices.success ? (
          <p className="banner banner-success" key={notices.success.serial}>
            {notices.success.text}
          </p>
        ) : null}
      </div>
      {notices.error ? (
        <div className="banner banner-error profile-error" role="alert" key={notices.error.serial}>
          <span>{notices.error.text}</span>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              notices.dismissError();
              onDismissed();
            }}
          >
            Dismiss
          </button>
        </div>
      ) : null}
    </>
  );
}

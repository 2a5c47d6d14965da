import { accountMessages as texts } from '@careers/contracts/messages';
import { DeleteAccountRequest } from '@careers/contracts/requests/delete-account';
import { firstErrorMessage } from '@careers/contracts/validation';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PasswordField } from '../../../components/password-field';
import { ApiError } from '../../../lib/api-client';
import { signInNoticeState } from '../../../lib/sign-in-notice';
import { useDeleteAccount } from '../api/delete-account';
import { useExportMyData } from '../api/export-my-data';

/** Settings, Account tab: the person's data, to take away (export) or to erase for good (delete). */
export function AccountTab() {
  return (
    <div className="settings-section">
      <ExportSection />
      <DeleteSection />
    </div>
  );
}

function passwordInputOf(form: HTMLFormElement | null): HTMLInputElement | null | undefined {
  return form?.querySelector<HTMLInputElement>('input[name="password"]');
}

/** A refusal the server worded for this person (too many tries), else the tab's own failure text. */
function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 429 ? error.message : fallback;
}

function ExportSection() {
  const titleId = useId();
  const download = useExportMyData();
  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {texts.exportTitle}
      </h2>
      <p className="muted">{texts.exportDescription}</p>
      {download.isError ? (
        <div className="banner banner-error" role="alert">
          {failureText(download.error, texts.exportFailed)}
        </div>
      ) : null}
      <div>
        <button
          type="button"
          className="button"
          aria-busy={download.isPending || undefined}
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          {download.isPending ? texts.exporting : texts.exportButton}
        </button>
      </div>
    </section>
  );
}

/**
 * Delete account, then the question in place: the password, the confirm button and Cancel. Opening it
 * puts the focus in the password field; Cancel or Escape closes it and gives the focus back to Delete
 * account. A wrong password is said under the field, which keeps the focus.
 */
function DeleteSection() {
  const titleId = useId();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const remove = useDeleteAccount(() =>
    navigate('/login', { replace: true, state: signInNoticeState('account-deleted') }),
  );
  const start = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFormElement>(null);
  const wasAsking = useRef(false);

  const passwordInput = () => passwordInputOf(panel.current);

  useEffect(() => {
    if (asking) passwordInputOf(panel.current)?.focus();
    else if (wasAsking.current) start.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  // Escape anywhere in the question cancels it, like its Cancel button.
  useEffect(() => {
    const element = panel.current;
    if (!asking || !element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  });

  function close() {
    setAsking(false);
    setPassword('');
    setFieldError(undefined);
    remove.reset();
  }

  function edit(value: string) {
    setPassword(value);
    setFieldError(undefined);
    if (remove.isError) remove.reset();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (remove.isPending) return;
    const parsed = DeleteAccountRequest.safeParse({ password });
    if (!parsed.success) {
      setFieldError(firstErrorMessage(parsed.error));
      passwordInput()?.focus();
      return;
    }
    remove.mutate(parsed.data, {
      onError: (error) => {
        // A 400 is about the password (wrong, or missing): said under the field, where the focus stays.
        if (error instanceof ApiError && error.status === 400) {
          setFieldError(error.message);
          passwordInput()?.focus();
        }
      },
    });
  }

  const otherFailure = remove.isError && !(remove.error instanceof ApiError && remove.error.status === 400);
  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {texts.deleteTitle}
      </h2>
      <p className="muted">{texts.deleteDescription}</p>
      {asking ? (
        <form ref={panel} className="confirm-box form" aria-labelledby={titleId} onSubmit={submit} noValidate>
          {otherFailure ? (
            <div className="banner banner-error" role="alert">
              {failureText(remove.error, texts.deleteFailed)}
            </div>
          ) : null}
          <PasswordField
            name="password"
            label={texts.deleteConfirmLabel}
            autoComplete="current-password"
            required
            value={password}
            error={fieldError}
            onChange={edit}
          />
          <div className="confirm-buttons">
            <button type="submit" className="button button-danger" disabled={remove.isPending}>
              {remove.isPending ? texts.deleting : texts.deleteConfirmButton}
            </button>
            <button type="button" className="button button-ghost" onClick={close}>
              {texts.deleteCancel}
            </button>
          </div>
        </form>
      ) : (
        <div>
          <button ref={start} type="button" className="button button-danger" onClick={() => setAsking(true)}>
            {texts.deleteButton}
          </button>
        </div>
      )}
    </section>
  );
}

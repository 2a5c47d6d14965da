import { MEGABYTE, uploadLimits } from '@careers/contracts/constants';
import type { ResumeFile } from '@careers/contracts/entities/uploaded-files';
import { fallbackMessages, profileMessages } from '@careers/contracts/messages';
import { type ReactNode, useId, useState } from 'react';
import { TryAgainButton } from '../../../components/try-again-button';
import { errorMessageOf } from '../../../lib/api-client';
import { formatDateTime, useLanguage } from '../../../lib/locale';
import { saveFile } from '../api/download-file';
import { useProfileFileActions } from './file-actions';
import { FileDropArea } from './file-drop-area';
import type { ProfileNotices } from './profile-notices';

const RESUME_MAX_MB = uploadLimits.resume.maxBytes / MEGABYTE;

/** "120 KB", "2.4 MB": a resume's size as people read it. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MEGABYTE) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MEGABYTE).toFixed(1)} MB`;
}

interface ResumeCardProps {
  /** The resume as known: the signed-in user's, else what GET /users/resume answered. */
  resume: ResumeFile | null;
  loading: boolean;
  /** GET /users/resume failed: its message, with a way to ask again. */
  loadError: unknown;
  onRetry(): void;
  retrying: boolean;
  editing: boolean;
  notices: ProfileNotices;
}

/**
 * Spec, Profile, Resume card: "Loading resume..." while it is fetched; the filename with Remove in edit
 * mode; otherwise "Resume Not Added Yet" with the drag-and-drop PDF area in edit mode, which refuses
 * any other file with "Please upload a PDF file for resume". Download saves the file under its name.
 */
export function ResumeCard({
  resume,
  loading,
  loadError,
  onRetry,
  retrying,
  editing,
  notices,
}: ResumeCardProps) {
  const actions = useProfileFileActions('resume', notices);
  const [downloading, setDownloading] = useState(false);
  const language = useLanguage();
  const titleId = useId();

  async function download() {
    if (!resume) {
      notices.fail(profileMessages.notAvailableForDownload('resume'));
      return;
    }
    if (downloading) return;
    setDownloading(true);
    try {
      await saveFile(resume.url, resume.filename);
      notices.succeed(profileMessages.downloadStarted('resume'));
    } catch {
      notices.fail(profileMessages.downloadFailed('resume'));
    } finally {
      setDownloading(false);
    }
  }

  let body: ReactNode;
  if (resume) {
    body = (
      <div className="resume-file">
        <p className="resume-name">{resume.filename}</p>
        <p className="muted">
          {fileSizeText(resume.size)} · Uploaded {formatDateTime(resume.uploadedAt, language)}
        </p>
        <div className="resume-actions">
          <button
            type="button"
            className="button button-ghost"
            aria-label="Download resume"
            aria-disabled={downloading || undefined}
            onClick={() => void download()}
          >
            Download
          </button>
          {editing ? (
            <button
              type="button"
              className="button button-danger"
              aria-label={actions.removing ? 'Removing resume...' : 'Remove resume'}
              aria-disabled={actions.busy || undefined}
              onClick={actions.discard}
            >
              {actions.removing ? 'Removing...' : 'Remove'}
            </button>
          ) : null}
        </div>
      </div>
    );
  } else if (loading) {
    body = (
      <p className="loading-state" role="status">
        <span className="spinner spinner-small" aria-hidden="true" />
        {profileMessages.loadingResume}
      </p>
    );
  } else {
    body = (
      <>
        <p className="resume-missing">{profileMessages.resumeNotAdded}</p>
        {loadError ? (
          <div className="card-error-block">
            <p className="card-error" role="alert">
              {errorMessageOf(loadError, fallbackMessages.getResume)}
            </p>
            <TryAgainButton className="button button-ghost" retrying={retrying} onRetry={onRetry} />
          </div>
        ) : null}
        {editing ? (
          <FileDropArea
            accepts="pdf"
            label="Upload resume"
            hint={`Drag and drop a PDF here, or click to choose one (up to ${RESUME_MAX_MB} MB)`}
            maxBytes={uploadLimits.resume.maxBytes}
            // Spec, Profile: the resume's own words, not the generic widget's "Please select a PDF file".
            wrongType={profileMessages.resumeNotPdf}
            busy={actions.uploading}
            busyText="Uploading..."
            onFile={actions.send}
            onRefused={notices.fail}
          />
        ) : null}
      </>
    );
  }

  return (
    <section className="card profile-card" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        Resume
      </h2>
      {body}
    </section>
  );
}

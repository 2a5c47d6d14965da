import { MEGABYTE, uploadLimits } from '@careers/contracts/constants';
import type { ApplicationResumeUpload, ResumeFile } from '@careers/contracts/entities/uploaded-files';
import { applyMessages, fallbackMessages, profileMessages } from '@careers/contracts/messages';
import type { ResumeChoice as ResumeChoiceBody } from '@careers/contracts/requests/apply-to-job';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessageOf } from '../../../lib/api-client';
import { FileDropArea } from '../../profile/components/file-drop-area';
import { fileSizeText } from '../../profile/components/resume-card';
import { useUploadApplicationResume } from '../api/upload-application-resume';

/** Which of the three the applicant picked; `upload` names a file only once one is uploaded. */
export type ResumeOption = 'profile' | 'upload' | 'none';

/** The choice as the panel starts it: the profile resume when there is one, else none. */
export function defaultResumeOption(profileResume: ResumeFile | null): ResumeOption {
  return profileResume ? 'profile' : 'none';
}

/**
 * What the apply sends for the choice (`ApplicationData.resume`), or null when "upload" is chosen and
 * nothing is uploaded yet.
 */
export function resumeChoiceBody(
  option: ResumeOption,
  uploaded: ApplicationResumeUpload | null,
): ResumeChoiceBody | null {
  if (option === 'upload') return uploaded ? { uploadId: uploaded.uploadId } : null;
  return option;
}

interface ResumeChoiceProps {
  /** The applicant's profile resume, when they have one. */
  profileResume: ResumeFile | null;
  option: ResumeOption;
  onOption(option: ResumeOption): void;
  uploaded: ApplicationResumeUpload | null;
  onUploaded(upload: ApplicationResumeUpload): void;
  /** A message of the panel's about the choice (an upload chosen, none made): shown under it. */
  error?: string;
}

/**
 * Beyond the spec (as Indeed and LinkedIn offer it): which resume goes with the application. The
 * profile resume (when the profile has one; otherwise a way to add one there), a resume uploaded for
 * this job only, or none. A file chosen is uploaded at once (POST /applications/resume-uploads), and
 * the apply names it; another file replaces it. A refused file is told in the server's words (or, for
 * the type and size the browser can check, the same words before sending).
 */
export function ResumeChoice({
  profileResume,
  option,
  onOption,
  uploaded,
  onUploaded,
  error,
}: ResumeChoiceProps) {
  const upload = useUploadApplicationResume();
  const [refusal, setRefusal] = useState<string | null>(null);
  const id = useId();
  const errorId = `${id}error`;
  // The panel's message is the newest when set: a new file clears it (through `onOption`).
  const shownError =
    error ?? refusal ?? (upload.isError ? errorMessageOf(upload.error, fallbackMessages.uploadResume) : null);

  function send(file: File) {
    onOption('upload');
    setRefusal(null);
    upload.mutate(file, { onSuccess: onUploaded });
  }

  function refuse(message: string) {
    onOption('upload');
    upload.reset();
    setRefusal(message);
  }

  function choose(next: ResumeOption) {
    onOption(next);
    setRefusal(null);
    upload.reset();
  }

  const radio = (value: ResumeOption, label: string) => (
    <label className="radio-field">
      <input
        type="radio"
        name={`${id}resume`}
        value={value}
        checked={option === value}
        onChange={() => choose(value)}
      />
      <span>{label}</span>
    </label>
  );

  return (
    <fieldset className="resume-choice" aria-describedby={shownError ? errorId : undefined}>
      <legend className="field-label">{applyMessages.resumeLegend}</legend>
      {profileResume ? (
        radio('profile', applyMessages.sendProfileResume(profileResume.filename))
      ) : (
        <p className="field-hint">
          {applyMessages.noProfileResume} <Link to="/profile">{applyMessages.addProfileResume}</Link>
        </p>
      )}
      {radio('upload', applyMessages.uploadResumeForJob)}
      {option === 'upload' ? (
        <div className="resume-upload">
          {uploaded ? (
            <p className="resume-upload-file">
              <span className="resume-name">{uploaded.filename}</span>{' '}
              <span className="muted">{fileSizeText(uploaded.size)}</span>
            </p>
          ) : null}
          <FileDropArea
            accepts="pdf"
            label={uploaded ? applyMessages.replaceResumeFile : applyMessages.chooseResumeFile}
            hint={`Drag and drop a PDF here, or click to choose one (up to ${uploadLimits.resume.maxBytes / MEGABYTE} MB)`}
            maxBytes={uploadLimits.resume.maxBytes}
            wrongType={profileMessages.resumeNotPdf}
            busy={upload.isPending}
            busyText={applyMessages.uploadingResume}
            onFile={send}
            onRefused={refuse}
          />
        </div>
      ) : null}
      {radio('none', applyMessages.applyWithoutResume)}
      {shownError ? (
        <p className="field-error" id={errorId} role="alert">
          {shownError}
        </p>
      ) : null}
    </fieldset>
  );
}

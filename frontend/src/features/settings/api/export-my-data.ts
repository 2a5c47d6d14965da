import type { AccountExport } from '@careers/contracts/api/account-export';
import { endpoints } from '@careers/contracts/api/endpoints';
import { accountMessages } from '@careers/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export function exportMyData(): Promise<AccountExport> {
  return callApi(endpoints.exportMyData, {}, { fallbackMessage: accountMessages.exportFailed });
}

/** The name the service gives the file too: `careers-export-<UTC day of the export>.json`. */
export function exportFilename(data: Pick<AccountExport, 'exportedAt'>): string {
  return `careers-export-${data.exportedAt.slice(0, 10)}.json`;
}

/**
 * Hands the browser a JSON file to save: a Blob behind an object URL, and a link with `download`
 * clicked once and taken away. The URL is let go a moment later, once the download has its data.
 */
export function saveJsonFile(filename: string, value: unknown): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Fetches the export and saves it as a file. Nothing in the cache changes: the export records nothing. */
export function useExportMyData() {
  return useMutation({
    mutationFn: exportMyData,
    onSuccess: (data) => saveJsonFile(exportFilename(data), data),
  });
}

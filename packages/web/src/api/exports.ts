import { api, type ExportRequest, type Job, jobSchema, requestUrl } from '@tessera/shared';
import i18n from '../i18n/index.ts';
import { apiError, call, safeJson, tokenStore } from './client.ts';

/** The export's file, once made: its bytes and the name the server gives it. */
export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

/** Why an export ended without its file: the job's own message (a server text), or its status. */
/** A failed or cancelled export, with its job (whose message the screen shows by its code: jobMessageText). */
export class ExportFailed extends Error {
  constructor(readonly job: Job) {
    super(job.message ?? job.status);
  }
}

const POLL_MS = 500;

/**
 * Starts an export (docs/data-apps.md "Export") and waits for its file: `GET exports/:id` answers the job as JSON
 * while it runs (its progress goes to `onProgress`, 0..1), then the file itself.
 */
export async function runExport(
  dashboardId: string,
  body: ExportRequest,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ExportedFile> {
  const { _id } = await call(api.exportDashboard, { params: { id: dashboardId }, body }, { signal });
  const url = requestUrl(api.getExport.path, { id: _id });
  for (;;) {
    const headers: Record<string, string> = { 'accept-language': i18n.language };
    const token = tokenStore.get();
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(url, { headers, signal });
    if (!res.ok) throw apiError(res.status, safeJson(await res.text()), res.statusText);
    const type = res.headers.get('content-type') ?? '';
    if (!type.startsWith('application/json')) {
      const disposition = res.headers.get('content-disposition') ?? '';
      const named = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
      return { blob: await res.blob(), fileName: named ? decodeURIComponent(named) : 'export' };
    }
    const job = jobSchema.parse(await res.json());
    if (job.status === 'failed' || job.status === 'cancelled') throw new ExportFailed(job);
    onProgress(job.progress ?? 0);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Saves a file the browser received (an `<a download>` on its object URL). */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

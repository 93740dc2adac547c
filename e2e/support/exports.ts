import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { api, type ExportRequest, fillPath } from '@tessera/shared';
import { screenshotDir } from './paths.ts';
import type { Tessera } from './tessera.ts';

const run = promisify(execFile);

/** An export's file as the API gives it: its type, its bytes, and the progress seen while its job ran. */
export interface ExportedFile {
  type: string;
  bytes: Buffer;
  progress: number[];
}

/** Starts an export as `token` (in `language`) and polls `GET exports/:id` until it answers the file. */
export async function exportFile(
  app: Tessera,
  token: string,
  dashboardId: string,
  body: ExportRequest,
  language = 'en',
): Promise<ExportedFile> {
  const headers = { authorization: `Bearer ${token}`, 'accept-language': language };
  const started = await fetch(`${app.url}${fillPath(api.exportDashboard.path, { id: dashboardId })}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!started.ok) throw new Error(`export answered ${started.status}: ${await started.text()}`);
  const { _id } = (await started.json()) as { _id: string };
  const progress: number[] = [];
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await fetch(`${app.url}${fillPath(api.getExport.path, { id: _id })}`, { headers });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok) throw new Error(`GET export answered ${res.status}: ${await res.text()}`);
    if (!type.startsWith('application/json')) return { type, bytes: Buffer.from(await res.arrayBuffer()), progress };
    const job = (await res.json()) as { status: string; progress: number | null; message: string | null };
    if (job.status === 'failed' || job.status === 'cancelled')
      throw new Error(`the export ${job.status}: ${job.message}`);
    if (job.progress !== null) progress.push(job.progress);
    if (Date.now() > deadline) throw new Error('the export did not finish within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The text of each page of a PDF (poppler's pdftotext; pages are split by form feeds). */
export async function pdfPages(pdf: Buffer, name: string): Promise<string[]> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.split('\f').filter((page) => page.trim() !== '');
}

/** Draws the PDF's first pages as PNGs (poppler's pdftoppm) for a person to look at; answers their paths. */
export async function pdfPictures(pdf: Buffer, name: string, lastPage = 3): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.pdf`);
  writeFileSync(file, pdf);
  await run('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', String(lastPage), file, path.join(screenshotDir, name)]);
  return path.join(screenshotDir, name);
}

/** Width and height from a PNG's IHDR chunk, after checking its signature. */
export function pngSize(png: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!png.subarray(0, 8).equals(signature)) throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Keeps a PNG under e2e/screenshots for a person to look at. */
export function savePng(png: Buffer, name: string): void {
  mkdirSync(screenshotDir, { recursive: true });
  writeFileSync(path.join(screenshotDir, `${name}.png`), png);
}

/** How many raster images a PDF holds (poppler's pdfimages): charts printed as vectors add none. */
export async function pdfImageCount(pdf: Buffer, name: string): Promise<number> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const { stdout } = await run('pdfimages', ['-list', file]);
  // Two header lines, then one line per image.
  return stdout.trim().split('\n').slice(2).length;
}

/** The first page's size in points, as poppler's pdfinfo tells it ("612 x 792"). */
export async function pdfPageSize(pdf: Buffer, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const { stdout } = await run('pdfinfo', [file]);
  return /Page size:\s+([\d.]+ x [\d.]+)/.exec(stdout)?.[1] ?? '';
}

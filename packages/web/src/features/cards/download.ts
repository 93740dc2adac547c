import { downloadUnitCsv } from '../../api/units.ts';

/**
 * Download as CSV / Download: the server answers the CSV text and a file
 * name ({prefix}-{timestamp}.csv); the browser saves it through a Blob and an `<a download>`.
 */

/** Saves text as a file named `fileName` (the browser's download). */
export function saveTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Asks for a card's CSV and saves it. */
export async function downloadCard(unitId: string, tabId: string | null): Promise<void> {
  const { data, fileName } = await downloadUnitCsv(unitId, tabId);
  saveTextFile(fileName, data);
}

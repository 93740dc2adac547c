import { saveBlob } from '../../api/exports.ts';
import { downloadUnitCsv } from '../../api/units.ts';

/**
 * Download as CSV / Download: the server answers the CSV text and a file
 * name ({prefix}-{timestamp}.csv); the browser saves it through a Blob and an `<a download>`.
 */

/** Saves text as a file named `fileName` (the browser's download). */
export function saveTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  saveBlob(new Blob([text], { type }), fileName);
}

/** Asks for a card's CSV and saves it. */
export async function downloadCard(unitId: string, tabId: string | null): Promise<void> {
  const { data, fileName } = await downloadUnitCsv(unitId, tabId);
  saveTextFile(fileName, data);
}

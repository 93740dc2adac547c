/** The 8 bytes every PNG file starts with (the PNG specification, section 5.2). */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Judges the bytes, not the file name or the declared type, which the client chooses freely. */
export const isPng = (bytes: Buffer): boolean =>
  bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);

/** Logos travel as data: URLs so an <img> shows them without a second, authenticated request. */
export const logoDataUrl = (logo: Buffer | null): string | null =>
  logo ? `data:image/png;base64,${Buffer.from(logo).toString('base64')}` : null;

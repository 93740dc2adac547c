/**
 * Date formats a text feature may be read with (issue #20 item 4). A type change to Date reads ISO 8601 and the
 * analytics package's default formats; when most values stay unread (a text date like "Jan 1 2000"), the type
 * dialog offers the formats of this list that read them, and the one chosen is kept on the feature
 * (`dateFormat`) and tried first. strftime codes as DuckDB's strptime reads them; the list is closed, so a format
 * is never user text inside SQL.
 */
export const DATE_FORMAT_CHOICES = [
  '%d/%m/%Y',
  '%m/%d/%Y',
  '%d/%m/%y',
  '%m/%d/%y',
  '%d/%m/%Y %H:%M',
  '%m/%d/%Y %H:%M',
  '%d.%m.%Y',
  '%d-%m-%Y',
  '%m-%d-%Y',
  '%Y/%m/%d',
  '%Y.%m.%d',
  '%Y%m%d',
  '%b %d %Y',
  '%b %d, %Y',
  '%d %b %Y',
  '%d %b, %Y',
  '%B %d %Y',
  '%B %d, %Y',
  '%d %B %Y',
  '%a %b %d %Y',
  '%b %Y',
  '%B %Y',
  '%Y-%m',
  '%Y/%m',
  '%d/%m/%Y %H:%M:%S',
  '%m/%d/%Y %H:%M:%S',
  '%Y-%m-%d %H:%M',
  '%Y-%m-%dT%H:%M',
] as const;
export type DateFormatChoice = (typeof DATE_FORMAT_CHOICES)[number];

export const isDateFormatChoice = (value: unknown): value is DateFormatChoice =>
  typeof value === 'string' && (DATE_FORMAT_CHOICES as readonly string[]).includes(value);

/** What reading a feature's stored values as another type leaves unread (the type dialog's warning). */
export interface CastReport {
  /** Values that are not empty. */
  total: number;
  /** Of those, the values the new type cannot read (they would become empty). */
  unread: number;
  /** A few of the unread values, as stored. */
  examples: string[];
  /** Date formats that read some of the unread values, most first: how many each reads. */
  formats: Array<{ format: DateFormatChoice; reads: number }>;
}

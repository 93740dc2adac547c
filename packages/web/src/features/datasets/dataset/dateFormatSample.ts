/**
 * How a date format (DATE_FORMAT_CHOICES, strftime codes) writes one sample date, 31 January 2000 at 13:45:30,
 * so that the type dialog shows "Jan 31 2000" rather than "%b %d %Y". Month and day names are English, as the
 * formats read them.
 */
const SAMPLE: Record<string, string> = {
  '%Y': '2000',
  '%y': '00',
  '%m': '01',
  '%d': '31',
  '%b': 'Jan',
  '%B': 'January',
  '%a': 'Mon',
  '%H': '13',
  '%M': '45',
  '%S': '30',
};

export const dateFormatSample = (format: string): string =>
  format.replace(/%[A-Za-z]/g, (code) => SAMPLE[code] ?? code);

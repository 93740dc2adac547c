import { describe, expect, it } from 'vitest';
import { datasetNameFromFile, isCsvFileName, uploadFileError } from './upload.ts';

describe('upload checks', () => {
  it.each([
    ['sales.csv', true],
    ['SALES.CSV', true],
    ['a.b.csv', true],
    ['sales.xlsx', false],
    ['sales.csv.zip', false],
    ['csv', false],
    ['', false],
  ])('%s is a csv: %s', (name, expected) => {
    expect(isCsvFileName(name)).toBe(expected);
  });

  it("answers 'wrong file type', then 'file too large' at 2,000,000,000 bytes or more", () => {
    expect(uploadFileError({ name: 'a.txt', size: 1 })).toBe('wrong file type');
    expect(uploadFileError({ name: 'a.csv', size: 1_999_999_999 })).toBeUndefined();
    expect(uploadFileError({ name: 'a.csv', size: 2_000_000_000 })).toBe('file too large');
    expect(uploadFileError({ name: 'a.txt', size: 3_000_000_000 })).toBe('wrong file type');
  });

  it.each([
    ['sales.csv', 'sales'],
    ['Q1 report.2024.csv', 'Q1 report.2024'],
    ['C:\\data\\leads.csv', 'leads'],
    ['.csv', '.csv'],
    ['noext', 'noext'],
  ])('names a dataset after %s: %s', (file, name) => {
    expect(datasetNameFromFile(file)).toBe(name);
  });
});

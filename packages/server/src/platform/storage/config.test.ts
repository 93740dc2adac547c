import { describe, expect, it } from 'vitest';
import { loadConfig, parseStorageUrl } from '../../config.ts';

/** STORAGE_URL and the S3 settings (config.ts): what is accepted, and the error for what is not. */
describe('STORAGE_URL', () => {
  it.each([
    ['s3://tessera', { bucket: 'tessera', prefix: '' }],
    ['s3://tessera/', { bucket: 'tessera', prefix: '' }],
    ['s3://tessera/prod', { bucket: 'tessera', prefix: 'prod/' }],
    ['s3://my.bucket-1/prod/eu-west/', { bucket: 'my.bucket-1', prefix: 'prod/eu-west/' }],
  ])('reads %s', (url, expected) => {
    expect(parseStorageUrl(url)).toEqual(expected);
  });

  it.each([
    ['https://tessera/prod', /s3:\/\/bucket/],
    ['s3:/tessera', /s3:\/\/bucket/],
    ['s3://', /not a bucket name/],
    ['s3://Tessera', /not a bucket name/],
    ['s3://ab', /not a bucket name/],
    ['s3://a..b', /not a bucket name/],
    ['s3://tessera/../other', /prefix/],
    ['s3://tessera/with space', /prefix/],
  ])('refuses %s', (url, message) => {
    expect(parseStorageUrl(url)).toMatch(message);
  });

  it('stops the start with the setting named, and reads the other settings', () => {
    expect(() => loadConfig({ STORAGE_URL: 's3://Bad' })).toThrow(/STORAGE_URL: "Bad" is not a bucket name/);
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ STORAGE_CACHE_GB: '0' })).toThrow(/STORAGE_CACHE_GB/);
    const config = loadConfig({
      STORAGE_URL: 's3://tessera/prod',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: '1',
      STORAGE_CACHE_GB: '2.5',
    });
    expect(config).toMatchObject({
      STORAGE_URL: { bucket: 'tessera', prefix: 'prod/' },
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: true,
      S3_REGION: 'us-east-1',
      STORAGE_CACHE_GB: 2.5,
    });
    expect(loadConfig({}).STORAGE_URL).toBeUndefined();
  });
});

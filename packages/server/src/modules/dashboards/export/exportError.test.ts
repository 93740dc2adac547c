import { EXPORT_ERRORS } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { failureOf } from '../../../platform/jobs/index.ts';
import { ExportError } from './export.render.ts';

describe('an export that could not be made', () => {
  it('fails its job by code, its English text beside (the web translates the code)', () => {
    const error = new ExportError('export.noChromium', { cause: new Error('spawn ENOENT') });
    expect(error.message).toBe(EXPORT_ERRORS.noChromium);
    expect(failureOf(error)).toEqual({ text: EXPORT_ERRORS.noChromium, code: 'export.noChromium', params: null });
  });
});

import { describe, expect, it } from 'vitest';
import { decodeExportFilters, encodeExportFilters, exportRequestSchema } from './exports.ts';

const filter = {
  _id: 'f1',
  type: 'category' as const,
  operation: 'equal' as const,
  value: ['Île-de-France', 'Zürich'],
  feature: { id: '0123456789abcdef01234567' },
};

describe('export requests', () => {
  it('carries filters through the page address and back, accents included', () => {
    const filters = { dashboard: [filter], tabs: { '89abcdef0123456789abcdef': [] } };
    const text = encodeExportFilters(filters);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeExportFilters(text)).toEqual(filters);
  });

  it('reads anything that is not its own encoding as no filters', () => {
    expect(decodeExportFilters(null)).toBeNull();
    expect(decodeExportFilters('not base64 at all!')).toBeNull();
    expect(decodeExportFilters(encodeExportFilters({ dashboard: [{ ...filter, extra: 1 } as never] }))).toBeNull();
  });

  it('defaults to A4 portrait and refuses unknown fields', () => {
    expect(exportRequestSchema.parse({ format: 'pdf' })).toEqual({
      format: 'pdf',
      paper: 'a4',
      orientation: 'portrait',
    });
    expect(exportRequestSchema.safeParse({ format: 'pdf', scale: 3 }).success).toBe(false);
  });
});

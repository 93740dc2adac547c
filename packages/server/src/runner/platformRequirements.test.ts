import { describe, expect, it } from 'vitest';
import { missingDistributions } from './indexBuilds.ts';
import { additionsFor, canonicalName, wheelDistribution } from './platformRequirements.ts';

describe('what Tessera adds to an environment', () => {
  it.each([
    [['pandas', 'numpy', 'python-dateutil'], ['pyarrow']],
    [['polars', 'polars-runtime-32'], ['pyarrow']],
    [['Pandas'], ['pyarrow']],
    [['pandas', 'pyarrow'], []],
    [['pandas', 'PyArrow'], []],
    [['requests', 'urllib3'], []],
    [[], []],
  ])('%j resolved → adds %j', (resolved, added) => {
    expect(additionsFor(resolved)).toEqual(added);
  });

  it.each([
    ['pandas-2.3.3-cp311-cp311-manylinux_2_24_x86_64.manylinux_2_28_x86_64.whl', 'pandas'],
    ['python_dateutil-2.9.0.post0-py2.py3-none-any.whl', 'python-dateutil'],
    ['polars_runtime_32-1.44.2-cp39-abi3-manylinux_2_17_x86_64.whl', 'polars-runtime-32'],
    ['pandas-2.3.3.tar.gz', undefined],
  ])('the wheel %s is of %s', (file, name) => {
    expect(wheelDistribution(file)).toBe(name);
  });

  it('compares names as PEP 503 does', () => {
    expect(canonicalName('Zope.Interface__x')).toBe('zope-interface-x');
  });
});

describe("pip's missing builds", () => {
  it.each([
    ['ERROR: No matching distribution found for pandas\n', ['pandas']],
    ['ERROR: No matching distribution found for pandas>=2.0\n', ['pandas']],
    ['ERROR: No matching distribution found for Scikit_Learn==1.5; python_version < "4"', ['scikit-learn']],
    ['ERROR: Could not find a version that satisfies the requirement x (from versions: none)\n', []],
    ['ERROR: HTTP error 500 while getting https://example.invalid/simple/pandas/', []],
  ])('%j names %j', (output, names) => {
    expect(missingDistributions(output)).toEqual(names);
  });
});

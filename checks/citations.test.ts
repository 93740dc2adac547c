import { describe, expect, it } from 'vitest';
import { gitGrep } from './gitGrep.ts';

/**
 * The product specification and the design notes live outside this repository, so a reader of the repository
 * cannot follow a citation of them: the rule is written in our own words, in the code or in `docs/`, and cited
 * there (docs/architecture.md). This finds "spec 2 §4", "spec 3 \"Package status\"", "DESIGN §5" and the like in
 * every tracked file.
 */
const CITATION = String.raw`\bspecs? [0-9]\b|\bDESIGN(\.md)? ?§|\bspec §`;

const citations = () => gitGrep(CITATION, ['.', ':!checks/citations.test.ts']);

describe('the repository', () => {
  it('cites no document outside it (the product spec, the design notes): docs/ holds the rules', async () => {
    expect(await citations()).toEqual([]);
  });
});

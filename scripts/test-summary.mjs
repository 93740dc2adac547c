// Reads Vitest's JSON report and prints one line, "N passed, M failed"; exits 1 when anything failed or
// when there is no report (the run stopped before Vitest finished, e.g. a failed install or build).
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'test-results/vitest.json';
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch {
  console.log(`no Vitest report at ${file}: the run stopped before the tests finished`);
  console.log('0 passed, 0 failed');
  process.exit(1);
}

// A file that fails to load (syntax error, failing beforeAll) has no failed test in it; count it once so
// that it cannot hide behind "0 failed".
const brokenFiles = report.testResults.filter(
  (file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'),
);
for (const file of brokenFiles)
  console.log(`failed to run: ${file.name}${file.message ? ` — ${file.message.split('\n')[0]}` : ''}`);

const passed = report.numPassedTests;
const failed = report.numFailedTests + brokenFiles.length;
const skipped = report.numPendingTests + report.numTodoTests;
if (skipped > 0) console.log(`${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || report.success === false ? 1 : 0);

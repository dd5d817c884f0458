#!/usr/bin/env node
// `npm test`: typecheck the whole repo, lint it, run every vitest project, then print one
// closing line `N passed, M failed` (CI reads it). Each check counts as one test; vitest
// contributes its own counts. The exit code is non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = (name) => join('node_modules', '.bin', name);
const checks = [
  ['typecheck (tsc)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint (biome)', bin('biome'), ['check', '.']],
];

let passed = 0;
let failed = 0;
let skipped = 0;

for (const [label, cmd, args] of checks) {
  console.log(`\n▶ ${label}`);
  const { status } = spawnSync(cmd, args, { stdio: 'inherit' });
  if (status === 0) passed += 1;
  else {
    failed += 1;
    console.log(`✖ ${label} failed`);
  }
}

console.log('\n▶ vitest');
const outDir = mkdtempSync(join(tmpdir(), 'tessera-test-'));
const report = join(outDir, 'vitest.json');
const vitest = spawnSync(
  bin('vitest'),
  [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
try {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  skipped += result.numPendingTests + result.numTodoTests;
  // A file that fails to load has no failed test but must still fail the run.
  const brokenSuites = result.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed'),
  ).length;
  failed += brokenSuites;
} catch {
  failed += 1;
  console.log('✖ vitest produced no report');
}
rmSync(outDir, { recursive: true, force: true });
if (vitest.status !== 0 && failed === 0) failed += 1;

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);

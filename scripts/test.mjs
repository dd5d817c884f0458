#!/usr/bin/env node
// `npm test`: typecheck the whole repo, lint it, run every vitest project and the browser
// tests, then print one closing line `N passed, M failed` (CI reads it). Each check counts as
// one test; vitest and the browser tests contribute their own counts. The exit code is non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// Absolute: a check may run in another folder (`cwd`).
const bin = (name) => resolve('node_modules', '.bin', name);
const checks = [
  ['typecheck (tsc)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint (biome)', bin('biome'), ['check', '.']],
  [
    'typecheck @tessera/vue and its .vue files (vue-tsc)',
    bin('vue-tsc'),
    ['-p', 'adapters/vue', '--noEmit'],
  ],
  ['typecheck examples/vue (vue-tsc)', bin('vue-tsc'), ['-p', 'examples/vue', '--noEmit']],
  [
    'svelte-check (adapters/svelte)',
    bin('svelte-check'),
    ['--workspace', 'adapters/svelte', '--tsconfig', './tsconfig.json', '--fail-on-warnings'],
  ],
  [
    'svelte-check (adapters/devtools)',
    bin('svelte-check'),
    ['--workspace', 'adapters/devtools', '--tsconfig', './tsconfig.json', '--fail-on-warnings'],
  ],
  [
    'svelte-check (examples/svelte)',
    bin('svelte-check'),
    ['--workspace', 'examples/svelte', '--tsconfig', './tsconfig.json', '--fail-on-warnings'],
  ],
  // SvelteKit writes the app's types (`./$types`, its tsconfig) into .svelte-kit/ first.
  [
    'svelte-kit sync (examples/sveltekit)',
    bin('svelte-kit'),
    ['sync'],
    {
      cwd: 'examples/sveltekit',
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    },
  ],
  [
    'svelte-check (examples/sveltekit)',
    bin('svelte-check'),
    ['--workspace', 'examples/sveltekit', '--tsconfig', './tsconfig.json', '--fail-on-warnings'],
    { env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' } },
  ],
  [
    'typecheck the browser benchmark apps (vue-tsc)',
    bin('vue-tsc'),
    ['-p', 'bench/browser/vue', '--noEmit'],
  ],
  [
    'svelte-check (the browser benchmark apps)',
    bin('svelte-check'),
    ['--workspace', 'bench/browser/svelte', '--tsconfig', './tsconfig.json', '--fail-on-warnings'],
  ],
  // The documentation: every code block and the getting-started apps type-check, and the site
  // builds (VitePress also fails on a link to a page or heading that does not exist).
  ["typecheck the docs' code blocks and apps", process.execPath, ['scripts/check-docs.mjs']],
  ['build the docs (vitepress)', bin('vitepress'), ['build', 'docs', '--logLevel', 'warn']],
  // The published packages, as users get them: build (private members renamed, see the README's
  // "The build"), then count exported names and `any`. The `*-dist` vitest projects below and
  // tests/distBuild.test.ts run on this build.
  ['build the packages', 'npm', ['run', 'build', '--silent']],
  // Built once here (its tests in vitest and tests/e2e serve this build), then typechecked with
  // the types the build generated (.nuxt/).
  [
    'build examples/nuxt (nuxt build)',
    'npm',
    ['run', 'build', '--silent', '-w', '@tessera/example-nuxt'],
  ],
  [
    'typecheck examples/nuxt (vue-tsc)',
    bin('vue-tsc'),
    ['-p', 'examples/nuxt/.nuxt/tsconfig.app.json', '--noEmit'],
  ],
  // Each package's exports as api-reports/ records them (`npm run api` writes them again).
  [
    'public API unchanged (api-reports/, from dist/*.d.ts)',
    process.execPath,
    ['scripts/api-report.mjs', '--check'],
  ],
  // What users pay: every budget of scripts/size-budgets.json, from the build above.
  ['size budgets (scripts/size-budgets.json)', process.execPath, ['scripts/size.mjs', '--check']],
];

let passed = 0;
let failed = 0;
let skipped = 0;

for (const [label, cmd, args, options] of checks) {
  console.log(`\n▶ ${label}`);
  const { status } = spawnSync(cmd, args, { stdio: 'inherit', ...options });
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

// Browser tests drive the examples in headless Chromium; they print their own count.
console.log('\n▶ browser tests (tests/e2e)');
const e2e = spawnSync(process.execPath, ['tests/e2e/run.mjs'], { encoding: 'utf8' });
process.stdout.write(e2e.stdout);
process.stderr.write(e2e.stderr);
const counts = [...e2e.stdout.matchAll(/^(\d+) passed, (\d+) failed/gm)].at(-1);
if (counts) {
  passed += Number(counts[1]);
  failed += Number(counts[2]);
}
if (!counts || (e2e.status !== 0 && Number(counts[2]) === 0)) failed += 1;

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);

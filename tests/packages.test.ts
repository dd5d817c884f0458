// What a user downloads: every workspace package that is not private is checked on the file
// list `npm pack` would publish. It carries a README and the repository's LICENSE, and none of
// our tests or test helpers (they import msw, vitest and fixtures a user does not have).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = (args: string[]) =>
  JSON.parse(
    execFileSync('npm', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  );

interface Workspace {
  name: string;
  location: string;
  private?: boolean;
}
interface Packed {
  name: string;
  files: { path: string }[];
}

const published = (npm(['query', '.workspace']) as Workspace[]).filter((w) => !w.private);
const packed = npm([
  'pack',
  '--dry-run',
  '--json',
  '--ignore-scripts',
  ...published.flatMap((w) => ['--workspace', w.location]),
]) as Packed[];

/** `x.test.ts`, `x.spec.tsx`, `x.test-helpers.ts`, `x.test.svelte.ts`, or anything in a test folder. */
const isTestFile = (path: string) =>
  /(^|\/)(test|tests|__tests__)\//.test(path) || /\.(test|spec)[.-]/.test(path.split('/').at(-1)!);

describe('published packages', () => {
  it('are the non-private workspaces, core and the adapters among them', () => {
    const names = published.map((w) => w.name);
    expect(names).toEqual(expect.arrayContaining(['@tessera/core', '@tessera/vanilla']));
    expect(packed.map((p) => p.name).sort()).toEqual([...names].sort());
  });

  it.each(published)('$name ships a README, the LICENSE, and no test files', (workspace) => {
    const files = packed.find((p) => p.name === workspace.name)!.files.map((f) => f.path);
    expect(files).toContain('README.md');
    expect(files).toContain('LICENSE');
    expect(files.filter(isTestFile)).toEqual([]);
    expect(readFileSync(join(root, workspace.location, 'LICENSE'), 'utf8')).toBe(
      readFileSync(join(root, 'LICENSE'), 'utf8'),
    );
  });

  it('tells a test file from a source file', () => {
    const tests = [
      'src/rest/spec.test.ts',
      'src/normalize/MemoCache.memory.test.ts',
      'src/managers/users.test-helpers.ts',
      'src/Todo.test.svelte.ts',
      'src/App.spec.tsx',
      'test/setup.ts',
      'src/__tests__/a.ts',
    ];
    const sources = [
      'src/rest/RestEndpoint.ts',
      'src/testing.ts',
      'src/latest.ts',
      'dist/index.js',
    ];
    expect(tests.filter(isTestFile)).toEqual(tests);
    expect(sources.filter(isTestFile)).toEqual([]);
  });
});

// What a user downloads: every workspace package that is not private is packed as `npm publish`
// would pack it (from the build `npm test` made first), and each tarball is checked as a registry
// and a user's tools would see it: the files it carries (a README, the repository's LICENSE, its
// CHANGELOG, none of our tests), its manifest (repository, license, engines, peer ranges),
// publint's lint of its package.json (strict: every warning is an error, suggestions included),
// and @arethetypeswrong's resolution of its types under the ESM-only profile (node16 from ESM and
// bundlers: every entry resolves, with types, and every import in a declaration resolves).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import semver from 'semver';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = (args: string[]) =>
  JSON.parse(
    execFileSync('npm', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  );
const json = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const rootManifest = json('package.json');

interface Workspace {
  name: string;
  version: string;
  location: string;
  private?: boolean;
}
interface Packed {
  name: string;
  filename: string;
  files: { path: string }[];
}

const published = (npm(['query', '.workspace']) as Workspace[]).filter((w) => !w.private);
const tarballs = mkdtempSync(join(tmpdir(), 'tessera-pack-'));
afterAll(() => rmSync(tarballs, { recursive: true, force: true }));
const packed = npm([
  'pack',
  '--json',
  '--ignore-scripts',
  '--pack-destination',
  tarballs,
  ...published.flatMap((w) => ['--workspace', w.location]),
]) as Packed[];
const tarballOf = (name: string) => join(tarballs, packed.find((p) => p.name === name)!.filename);

/** `x.test.ts`, `x.spec.tsx`, `x.test-helpers.ts`, `x.test.svelte.ts`, or anything in a test folder. */
const isTestFile = (path: string) =>
  /(^|\/)(test|tests|__tests__)\//.test(path) || /\.(test|spec)[.-]/.test(path.split('/').at(-1)!);

/** The resolution modes the ESM-only profile checks (attw leaves out node10 and node16 from CJS). */
const esmOnly = new Set(['node16-esm', 'bundler']);

interface AttwProblem {
  kind: string;
  entrypoint?: string;
  resolutionKind?: string;
  resolutionOption?: string;
  fileName?: string;
  moduleSpecifier?: string;
}

/** What attw reports under the ESM-only profile, one line a problem, and its exit status. */
function typesProblems(tarball: string): Promise<{ status: number | null; problems: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(root, 'node_modules', '.bin', 'attw'),
      [tarball, '--profile', 'esm-only', '--format', 'json'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (status) => {
      let analysis: { problems?: AttwProblem[] } | undefined;
      try {
        analysis = JSON.parse(stdout).analysis;
      } catch {
        resolve({ status, problems: [`attw printed no report: ${stderr}${stdout}`] });
        return;
      }
      const problems = (analysis?.problems ?? [])
        // A problem of a resolution mode the profile ignores is not one; one of no mode (an
        // import inside a declaration that does not resolve) always is.
        .filter((p) => p.resolutionKind === undefined || esmOnly.has(p.resolutionKind))
        .map((p) =>
          [
            p.kind,
            p.entrypoint,
            p.resolutionKind ?? p.resolutionOption,
            p.fileName,
            p.moduleSpecifier,
          ]
            .filter(Boolean)
            .join(' '),
        );
      resolve({ status, problems });
    });
  });
}

// attw takes a few seconds a package, mostly TypeScript starting up: all seven run at once.
const typesReports = new Map(published.map((w) => [w.name, typesProblems(tarballOf(w.name))]));

describe('published packages', () => {
  it('are the non-private workspaces: core, the adapters, devtools, nuxt and openapi', () => {
    const names = published.map((w) => w.name);
    expect([...names].sort()).toEqual([
      '@tessera/core',
      '@tessera/devtools',
      '@tessera/nuxt',
      '@tessera/openapi',
      '@tessera/svelte',
      '@tessera/vanilla',
      '@tessera/vue',
    ]);
    expect(packed.map((p) => p.name).sort()).toEqual([...names].sort());
  });

  it.each(published)(
    '$name ships a README, the LICENSE, its CHANGELOG, and no test files',
    (workspace) => {
      const files = packed.find((p) => p.name === workspace.name)!.files.map((f) => f.path);
      expect(files).toContain('README.md');
      expect(files).toContain('LICENSE');
      expect(files).toContain('CHANGELOG.md');
      expect(files.filter(isTestFile)).toEqual([]);
      expect(readFileSync(join(root, workspace.location, 'LICENSE'), 'utf8')).toBe(
        readFileSync(join(root, 'LICENSE'), 'utf8'),
      );
    },
  );

  it.each(published)(
    '$name names its repository folder, license and Node versions as the root does',
    (workspace) => {
      const manifest = json(join(workspace.location, 'package.json'));
      expect(manifest.repository).toEqual({
        type: 'git',
        url: rootManifest.repository.url,
        directory: workspace.location,
      });
      expect(manifest.license).toBe(rootManifest.license);
      expect(manifest.engines).toEqual(rootManifest.engines);
    },
  );

  it.each(published)(
    '$name asks for the Tessera packages of its own release, and for real ranges of the rest',
    (workspace) => {
      const manifest = json(join(workspace.location, 'package.json'));
      const versions = new Map(published.map((w) => [w.name, w.version]));
      const wrong: string[] = [];
      for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
        for (const [name, range] of Object.entries<string>(manifest[field] ?? {})) {
          const ours = versions.get(name);
          // The packages are released together (one version, .changeset/config.json's `fixed`):
          // a range that admits another minor of 0.x admits a store this adapter was not built for.
          if (
            ours !== undefined
              ? range !== `^${ours}`
              : semver.validRange(range) === null || range === '*'
          )
            wrong.push(`${field}.${name}: ${range}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it.each(published)(
    '$name passes publint, strict, with no suggestion either',
    async (workspace) => {
      const tarball = readFileSync(tarballOf(workspace.name));
      const { messages, pkg } = await publint({
        pack: {
          tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.length),
        },
        strict: true,
        level: 'suggestion',
      });
      expect(messages.map((m) => `${m.type}: ${formatMessage(m, pkg, { color: false })}`)).toEqual(
        [],
      );
    },
  );

  it.each(published)(
    "$name's types resolve for ESM users (are the types wrong? ESM-only profile)",
    async (workspace) => {
      const { status, problems } = await typesReports.get(workspace.name)!;
      expect(problems).toEqual([]);
      expect(status).toBe(0);
    },
    // A hang guard: seven TypeScript programs at once take a while on a busy 2-core machine.
    180_000,
  );

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

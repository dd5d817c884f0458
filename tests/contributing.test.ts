// What CONTRIBUTING.md tells a contributor to run exists: the vitest projects of the fast loop,
// the npm scripts; and what it says of releases holds: the seven published packages are one
// changesets group, each with a CHANGELOG.md at its current version.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const contributing = read('CONTRIBUTING.md');
const readme = read('README.md');
const manifest = JSON.parse(read('package.json'));

/** The projects vitest.config.ts declares (`name: '...'`). */
const projects = [...read('vitest.config.ts').matchAll(/\bname: '([\w-]+)'/g)].map((m) => m[1]);

/** The published workspaces: folder and manifest. */
const published = ['core', 'adapters', 'tools']
  .flatMap((parent) =>
    parent === 'core'
      ? ['core']
      : readdirSync(join(root, parent), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${parent}/${entry.name}`),
  )
  .flatMap((folder) => {
    try {
      return [{ folder, pkg: JSON.parse(read(join(folder, 'package.json'))) }];
    } catch {
      return [];
    }
  })
  .filter(({ pkg }) => !pkg.private);

describe('CONTRIBUTING.md', () => {
  it('names vitest projects that exist, in its commands and in the README', () => {
    const named = [...`${contributing}\n${readme}`.matchAll(/--project (\S+?)[`\s]/g)].map(
      (m) => m[1],
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !projects.includes(name))).toEqual([]);
  });

  it('lists every project but the *-dist ones', () => {
    const listed = /The projects, from\s+`vitest.config.ts`: ([^.]+)\./
      .exec(contributing)?.[1]
      .match(/`[\w-]+`/g)
      ?.map((name) => name.slice(1, -1));
    expect(listed?.sort()).toEqual(projects.filter((name) => !name.endsWith('-dist')).sort());
  });

  it('runs only npm scripts that exist', () => {
    const scripts = [...contributing.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]);
    expect(scripts.filter((name) => !(name in manifest.scripts))).toEqual([]);
  });
});

describe('releases', () => {
  it('version the published packages together, in one changesets group', () => {
    const config = JSON.parse(read('.changeset/config.json'));
    expect(config.fixed).toHaveLength(1);
    expect([...config.fixed[0]].sort()).toEqual(published.map(({ pkg }) => pkg.name).sort());
    expect(new Set(published.map(({ pkg }) => pkg.version)).size).toBe(1);
  });

  it.each(published)('$pkg.name keeps a CHANGELOG.md at its version', ({ folder, pkg }) => {
    const changelog = read(join(folder, 'CHANGELOG.md'));
    expect(changelog.startsWith(`# ${pkg.name}\n`)).toBe(true);
    expect(changelog).toContain(`\n## ${pkg.version}\n`);
  });
});

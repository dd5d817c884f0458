// The docs read completely as plain Markdown (on GitHub, in an editor) and match the repository:
// no page leans on a VitePress include, every copied file equals its original, and the lists of
// packages, example apps, pages and test projects are the ones the repository has.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { docsPages, withCopies } from '../scripts/docs-copies.mjs';
import { prose } from './support/markdown';

const repo = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(repo, path), 'utf8');
const pages = docsPages().map((file) => relative(repo, file));
const readme = read('README.md');
const installation = read('docs/guide/installation.md');

/** A section of a Markdown text: from its heading to the next heading of any level. */
const section = (markdown: string, heading: string) =>
  markdown.split(/^(?=#{1,6} )/m).find((part) => part.startsWith(`${heading}\n`)) ?? '';

const numbers = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

const packageJson = (folder: string) => JSON.parse(read(join(folder, 'package.json')));
const folders = (parent: string) =>
  readdirSync(join(repo, parent), { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(join(repo, parent, entry.name, 'package.json')),
    )
    .map((entry) => `${parent}/${entry.name}`);
/** The packages users install: the workspaces that are not private. */
const packages = ['core', ...folders('adapters'), ...folders('tools')]
  .map(packageJson)
  .filter((manifest) => !manifest.private)
  .map((manifest) => manifest.name as string)
  .sort();
/** The apps `npm run demo` serves: every example but the REST API they share. */
const exampleApps = folders('examples')
  .filter((folder) => folder !== 'examples/server')
  .sort();

describe('docs pages', () => {
  it.each(pages)('%s depends on no include (`<<<`, `<!--@include:`)', (page) => {
    const includes = prose(read(page))
      .split('\n')
      .filter((line) => /^\s*<<<|<!--\s*@include:/.test(line));
    expect(includes).toEqual([]);
  });

  it.each(pages)(
    '%s holds its copies as the files are (else: node scripts/docs-copies.mjs)',
    (page) => {
      expect(read(page)).toBe(withCopies(read(page)));
    },
  );

  it('show the code of every getting-started app (not their index.html and Vite set-up)', () => {
    const shown = new Set(
      pages.flatMap((page) =>
        [...read(page).matchAll(/^<!-- copy of (\S+) -->$/gm)].map((m) => m[1]),
      ),
    );
    const appFiles = readdirSync(join(repo, 'docs/apps'), { recursive: true, encoding: 'utf8' })
      .map((file) => `docs/apps/${file}`)
      .filter((file) => /\.(ts|vue|svelte)$/.test(file))
      // each app's src/api.ts is docs/apps/api.ts again (the next test)
      .filter((file) => !/(\/src\/api\.ts|vite\.config\.ts|vite\.shared\.ts)$/.test(file));
    expect(appFiles.filter((file) => !shown.has(file))).toEqual([]);
  });

  it("show each app's src/api.ts: it is docs/apps/api.ts, which the pages show", () => {
    const apps = readdirSync(join(repo, 'docs/apps'), { withFileTypes: true }).filter((entry) =>
      entry.isDirectory(),
    );
    for (const app of apps)
      expect(read(`docs/apps/${app.name}/src/api.ts`), app.name).toBe(read('docs/apps/api.ts'));
  });

  it('api/index.md links the page of every package', () => {
    const api = pages.filter(
      (page) => page.startsWith('docs/api/') && page !== 'docs/api/index.md',
    );
    const index = read('docs/api/index.md');
    expect(api.filter((page) => !index.includes(`](./${page.slice('docs/api/'.length)})`))).toEqual(
      [],
    );
  });
});

describe('the installation guide', () => {
  const rows = [...installation.matchAll(/^\| `(@tessera\/[\w/-]+)` \|/gm)].map((m) => m[1]);

  it('lists every package, and counts them', () => {
    const listed = rows.filter((name) => name.split('/').length === 2).sort();
    expect(listed).toEqual(packages);
    expect(installation).toContain(`Tessera is ${numbers[packages.length]} packages`);
  });

  it('names the workspaces of the repository', () => {
    const named = /The repository is an npm workspace \(([^)]+)\)/
      .exec(installation)?.[1]
      .match(/`[^`]+`/g)
      ?.map((name) => name.slice(1, -1));
    expect(named).toEqual(packageJson('.').workspaces);
  });

  it('lists entries of a package only where the package exports them', () => {
    for (const name of rows.filter((row) => row.split('/').length > 2)) {
      const [scope, base, ...rest] = name.split('/');
      const folder = ['core', ...folders('adapters'), ...folders('tools')].find(
        (f) => packageJson(f).name === `${scope}/${base}`,
      );
      expect(folder, name).toBeDefined();
      expect(Object.keys(packageJson(folder!).exports), name).toContain(`./${rest.join('/')}`);
    }
  });

  it('names every app `npm run demo` serves, and counts them', () => {
    const examples = section(installation, '## The examples');
    const named = [...new Set(examples.match(/examples\/\w+/g))].filter(
      (f) => f !== 'examples/server',
    );
    expect(named.sort()).toEqual(exampleApps);
    expect(examples).toContain(`serves ${numbers[exampleApps.length]} todo apps`);
  });
});

describe('the README', () => {
  it('names every app `npm run demo` serves', () => {
    const listed = /npm run demo +# the example apps \(([^)]+)\)/.exec(readme)?.[1].split(', ');
    expect(listed?.map((name) => `examples/${name}`).sort()).toEqual(exampleApps);
  });

  it('links every page of the docs', () => {
    const linked = new Set(
      [...section(readme, '## Documentation').matchAll(/\]\((docs\/[^)#]+\.md)\)/g)].map(
        (m) => m[1],
      ),
    );
    expect(pages.filter((page) => page !== 'docs/index.md' && !linked.has(page))).toEqual([]);
  });

  it('names every vitest project npm test runs', () => {
    const projects = [...read('vitest.config.ts').matchAll(/^\s+name: '([\w-]+)',$/gm)].map(
      (m) => m[1],
    );
    const named = /every vitest\s+project \(([^)]+)\)/.exec(readme)?.[1].match(/`[\w-]+`/g);
    expect(named?.map((name) => name.slice(1, -1)).sort()).toEqual(projects.sort());
  });
});

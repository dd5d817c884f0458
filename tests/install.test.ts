// A fresh `npm install` prints nothing a new user must puzzle over: no peer conflict, no engine
// warning but the one the README explains, no unreviewed install script, and every installed
// package runs on the Node version the README and package.json promise.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const json = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const manifest = json('package.json');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

interface Locked {
  name?: string;
  version?: string;
  link?: boolean;
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
}
const locked = Object.entries(json('package-lock.json').packages as Record<string, Locked>)
  .filter(([path, entry]) => path.includes('node_modules/') && !entry.link)
  .map(([path, entry]) => ({ ...entry, name: entry.name ?? path.split('node_modules/').at(-1)! }));

/** The workspace folders (`core`, `adapters/vue`, …) from package.json's `workspaces`. */
const workspaces = (manifest.workspaces as string[]).flatMap((pattern) =>
  pattern.endsWith('/*')
    ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
    : [pattern],
);

/** Whether a paragraph of the README explains an engine warning (EBADENGINE) of the package. */
const explainsEngine = (name: string) =>
  readme
    .split('\n\n')
    .some((paragraph) => paragraph.includes('EBADENGINE') && paragraph.includes(`\`${name}\``));

/**
 * The lines `npm install` warns with, but the engine warnings the README explains. npm resolves
 * the lockfile in a copy of the manifests (offline, no scripts, the user's own npmrc left out),
 * which is where it reports peer conflicts (ERESOLVE) and engines (EBADENGINE).
 */
function unexplainedInstallWarnings(): string[] {
  const scratch = mkdtempSync(join(tmpdir(), 'tessera-install-'));
  try {
    for (const file of ['package.json', 'package-lock.json'])
      cpSync(join(root, file), join(scratch, file));
    for (const folder of workspaces.filter((f) => existsSync(join(root, f, 'package.json'))))
      cpSync(join(root, folder, 'package.json'), join(scratch, folder, 'package.json'));
    writeFileSync(join(scratch, 'empty.npmrc'), '');
    const { status, stderr } = spawnSync(
      'npm',
      ['install', '--package-lock-only', '--dry-run', '--offline', '--ignore-scripts'],
      {
        cwd: scratch,
        encoding: 'utf8',
        env: { ...process.env, npm_config_userconfig: join(scratch, 'empty.npmrc') },
      },
    );
    expect(status, stderr).toBe(0);
    const unexplained: string[] = [];
    let engine: string[] | undefined; // the lines of an EBADENGINE block, `{` to `}`
    for (const line of stderr.split('\n')) {
      // Every warning line: npm's own, and any other (a tool's `Warning:`, `[PLUGIN_TIMINGS]`).
      const text = /^npm warn (.*)$/i.exec(line)?.[1] ?? (/warn/i.test(line) ? line : undefined);
      if (text === undefined) continue;
      if (engine) {
        engine.push(text);
        if (text !== 'EBADENGINE }') continue;
        const name = /package: '(@?[^@']+)@/.exec(engine.join('\n'))?.[1];
        if (name === undefined || !explainsEngine(name)) unexplained.push(...engine);
        engine = undefined;
      } else if (text === 'EBADENGINE Unsupported engine {') engine = [text];
      else unexplained.push(text);
    }
    return unexplained;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

describe('npm install', () => {
  it('warns of nothing but the engines the README explains', () => {
    expect(unexplainedInstallWarnings()).toEqual([]);
  });

  it('installs only packages that run on the oldest Node package.json accepts, but the ones the README explains', () => {
    const oldest = semver.minVersion(manifest.engines.node)!.version;
    expect(readme).toContain(`Node.js ${oldest.replace(/\.0$/, '')} or newer`);
    const refuse = locked.filter(({ engines }) => {
      const range = Array.isArray(engines) ? undefined : engines?.node;
      return range !== undefined && !semver.satisfies(oldest, range);
    });
    expect(
      refuse
        .filter(({ name }) => !explainsEngine(name))
        .map(({ name, version, engines }) => `${name}@${version} ${JSON.stringify(engines)}`),
    ).toEqual([]);
  });

  it('runs no install script nobody reviewed: each is allowed or denied in package.json', () => {
    const reviewed = new Set(Object.keys(manifest.allowScripts ?? {}));
    const unreviewed = locked
      .filter((entry) => entry.hasInstallScript)
      .filter(({ name, version }) => !reviewed.has(name) && !reviewed.has(`${name}@${version}`))
      .map(({ name, version }) => `${name}@${version}`);
    expect(unreviewed).toEqual([]);
  });

  it('builds through scripts/tsdown.mjs, not the tsdown command (it prints a Node deprecation notice per package)', () => {
    const commands = workspaces
      .filter((folder) => existsSync(join(root, folder, 'package.json')))
      .map((folder) => `${folder}: ${json(join(folder, 'package.json')).scripts?.build ?? ''}`)
      .filter((command) => /(:|&&|;)\s*tsdown\b/.test(command));
    expect(commands).toEqual([]);
  });
});

// Versions the docs and READMEs state, against the manifests they describe: a peer range, an
// engine or a dependency bumped without its docs (or docs edited by hand) fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { TIMELINE_LENGTH } from '../adapters/devtools/src/session';
import { DEFAULT_GC_INTERVAL } from '../core/src/managers/GCManager';
import { FILL_LATER_DEPTH } from '../core/src/normalize/DenormalizeWalker';
import { MAX_NORMALIZE_DEPTH } from '../core/src/normalize/normalize';
import { MAX_ERROR_BODY_BYTES } from '../core/src/rest/errorBody';
import {
  DEFAULT_DATA_EXPIRY_LENGTH,
  DEFAULT_ERROR_EXPIRY_LENGTH,
} from '../core/src/store/Controller';
import { docsPages } from '../scripts/docs-copies.mjs';
import { prose } from './support/markdown';

const repo = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(repo, path), 'utf8');
const manifest = (folder: string) => JSON.parse(read(join(folder, 'package.json')));

const root = manifest('.');
const core = manifest('core');
const vue = manifest('adapters/vue');
const svelte = manifest('adapters/svelte');
const nuxt = manifest('adapters/nuxt');

/** What users read: the README, the docs pages and each package's README (their prose). */
const files = [
  'README.md',
  ...docsPages().map((file: string) => relative(repo, file)),
  'core/README.md',
  ...['adapters', 'tools'].flatMap((parent) =>
    readdirSync(join(repo, parent)).map((name) => `${parent}/${name}/README.md`),
  ),
  'adapters/svelte/KIT.md',
  'examples/README.md',
].filter((file, index, all) => all.indexOf(file) === index);
/** Versions of other things that the patterns below would take for ours. */
const notOurs = ["vue-demi's (it switches to Vue 2 only)"];
const texts = files.map((file) => ({
  file,
  text: notOurs.reduce((text, words) => text.replace(words, ''), prose(read(file))),
}));

/** The lowest version a range accepts, as `major.minor` and `major`. */
const lowest = (range: string) => {
  const version = semver.minVersion(range);
  if (!version) throw new Error(`no version in ${range}`);
  return { minor: `${version.major}.${version.minor}`, major: `${version.major}` };
};

/**
 * Each name as the docs write it, and the range it must agree with: a version with a minor
 * ("Vue 3.5", "`svelte` 5.35") is the lowest the range accepts; a major alone ("Nuxt 4") is its
 * major.
 */
const ranges: [RegExp, string, string][] = [
  [/\b(?:`vue`|Vue) v?(\d+(?:\.\d+)?)\b/g, vue.peerDependencies.vue, '@tessera/vue peer vue'],
  [
    /(?:`svelte`|\bSvelte) v?(\d+(?:\.\d+)?)\b/g,
    svelte.peerDependencies.svelte,
    '@tessera/svelte peer svelte',
  ],
  [
    /(?:`@sveltejs\/kit`|\bSvelteKit) v?(\d+(?:\.\d+)?)\b/g,
    svelte.peerDependencies['@sveltejs/kit'],
    '@tessera/svelte peer @sveltejs/kit',
  ],
  [/(?:`nuxt`|\bNuxt) v?(\d+(?:\.\d+)?)\b/g, nuxt.peerDependencies.nuxt, '@tessera/nuxt peer nuxt'],
  [/`rxjs` v?(\d+(?:\.\d+)?)\b/g, core.dependencies.rxjs, '@tessera/core dependency rxjs'],
  [
    /`?path-to-regexp`? v?(\d+(?:\.\d+)?)\b/g,
    core.dependencies['path-to-regexp'],
    '@tessera/core dependency path-to-regexp',
  ],
  [/\bTypeScript (\d+(?:\.\d+)?)\b/g, root.devDependencies.typescript, 'typescript'],
  [
    /\bplaywright-core (\d+(?:\.\d+)?)\b/g,
    root.devDependencies['playwright-core'],
    'playwright-core',
  ],
];

describe('versions stated in the docs', () => {
  it.each(ranges)('%s agrees with %s (%s)', (pattern, range) => {
    const wrong = texts.flatMap(({ file, text }) =>
      [...text.matchAll(pattern)]
        .map((m) => m[1])
        .filter((stated) => stated !== lowest(range)[stated.includes('.') ? 'minor' : 'major'])
        .map((stated) => `${file}: ${stated}`),
    );
    expect(wrong, `range ${range}`).toEqual([]);
  });

  it('Node.js: the version named with its minor is the engines of every package', () => {
    const engines = new Set(
      ['.', 'core', 'adapters/vue', 'adapters/svelte', 'adapters/vanilla', 'tools/openapi'].map(
        (folder) => lowest(manifest(folder).engines.node).minor,
      ),
    );
    expect([...engines]).toHaveLength(1);
    const stated = texts.flatMap(({ file, text }) =>
      [...text.matchAll(/\bNode(?:\.js)? (\d+\.\d+)\b/g)].map((m) => `${file}: ${m[1]}`),
    );
    expect(stated.length).toBeGreaterThan(2);
    expect(stated.filter((line) => !line.endsWith(`: ${[...engines][0]}`))).toEqual([]);
  });

  it('the README names the adapters’ peers as the adapters declare them', () => {
    const readme = read('README.md');
    const peers =
      /the adapters' peers are\s+`@tessera\/core` and `vue` ([\d.]+) or `svelte` ([\d.]+)/.exec(
        readme,
      );
    expect(peers?.slice(1)).toEqual([
      lowest(vue.peerDependencies.vue).minor,
      lowest(svelte.peerDependencies.svelte).minor,
    ]);
  });

  it('the README names the Chromium that @sparticuz/chromium brings', () => {
    const stated = /the headless Chromium (\d+) that `npm install` brings/.exec(read('README.md'));
    expect(stated?.[1]).toBe(lowest(root.devDependencies['@sparticuz/chromium']).major);
  });

  it('the installation table names each peer at the lowest version its package accepts', () => {
    const rows = [
      ...read('docs/guide/installation.md').matchAll(/^\| `(@tessera\/[\w/-]+)` \|.*\|(.*)\|$/gm),
    ];
    const named = rows.flatMap(([, name, beside]) =>
      [...beside.matchAll(/`([\w@/-]+)` (\d+\.\d+) or newer/g)].map((m) => ({
        name,
        peer: m[1],
        stated: m[2],
      })),
    );
    expect(named.length).toBeGreaterThan(3);
    const folder: Record<string, string> = {
      '@tessera/vue': 'adapters/vue',
      '@tessera/svelte': 'adapters/svelte',
      '@tessera/nuxt': 'adapters/nuxt',
    };
    for (const { name, peer, stated } of named) {
      const base = name.split('/').slice(0, 2).join('/');
      const range = manifest(folder[base]).peerDependencies?.[peer];
      expect(range, `${name}: ${peer}`).toBeDefined();
      expect(stated, `${name}: ${peer}`).toBe(lowest(range).minor);
    }
  });
});

describe('counts stated in the docs', () => {
  const numbers = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

  it('the Nuxt example has as many pages as the docs say', () => {
    const pages = readdirSync(join(repo, 'examples/nuxt/app/pages')).filter((file) =>
      file.endsWith('.vue'),
    );
    const stated = texts.flatMap(({ file, text }) =>
      [...text.matchAll(new RegExp(`Nuxt[^|\\n]*?\\b(${numbers.join('|')}) pages\\b`, 'g'))].map(
        (m) => `${file}: ${m[1]}`,
      ),
    );
    expect(stated.length).toBeGreaterThanOrEqual(3);
    expect(stated.filter((line) => !line.endsWith(`: ${numbers[pages.length]}`))).toEqual([]);
  });
});

describe('limits and defaults stated in the docs', () => {
  /** `60 000` or `60_000` as the docs write thousands. */
  const number = (text: string) => Number(text.replace(/[\s_,]/g, ''));
  const claims: [string, RegExp, (value: string) => number, number][] = [
    ['the deepest nesting', /deeper than (\d+) levels/g, Number, MAX_NORMALIZE_DEPTH],
    [
      'the nesting filled from a queue',
      /more than (\d+) levels down are filled/g,
      Number,
      FILL_LATER_DEPTH,
    ],
    [
      'the error body read',
      /at most (\d+) KiB/g,
      (value) => Number(value) * 1024,
      MAX_ERROR_BODY_BYTES,
    ],
    ['the timeline', /the last (\d+) actions/g, Number, TIMELINE_LENGTH],
    [
      'dataExpiryLength (ms)',
      /`dataExpiryLength` \| ([\d\s_]+) \|/g,
      number,
      DEFAULT_DATA_EXPIRY_LENGTH,
    ],
    [
      'dataExpiryLength (s)',
      /`dataExpiryLength` \(store or endpoint; (?:default )?(\d+) s/g,
      (value) => Number(value) * 1000,
      DEFAULT_DATA_EXPIRY_LENGTH,
    ],
    [
      'errorExpiryLength',
      /`errorExpiryLength` \| ([\d\s_]+) \|/g,
      number,
      DEFAULT_ERROR_EXPIRY_LENGTH,
    ],
    ['the GC interval', /every `intervalMs` \(default ([\d\s_]+)\)/g, number, DEFAULT_GC_INTERVAL],
  ];

  it.each(claims)('%s', (_, pattern, toValue, actual) => {
    const found = texts.flatMap(({ file, text }) =>
      [...text.matchAll(pattern)].map((m) => ({ file, value: m[1] })),
    );
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter(({ value }) => toValue(value) !== actual)).toEqual([]);
  });

  it('core-internal lists the defaults as the code has them', () => {
    const row = read('docs/api/core-internal.md')
      .split('\n')
      .find((line) => line.startsWith('| `DEFAULT_GC_INTERVAL`'));
    const values = /\| ([\d ]+), ([\d ]+) and ([\d ]+) ms \|/
      .exec(row ?? '')
      ?.slice(1)
      .map(number);
    expect(values).toEqual([
      DEFAULT_GC_INTERVAL,
      DEFAULT_DATA_EXPIRY_LENGTH,
      DEFAULT_ERROR_EXPIRY_LENGTH,
    ]);
  });
});

// The migration pages ("Coming from ...") against today's API: every name their tables give on
// Tessera's side exists (an export, a method of the store, the controller or the vanilla
// object, an option the sources declare), and each feature of the other library that Tessera
// has is mapped to it rather than called missing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Controller, createStore } from '@tessera/core';
import { createTessera } from '@tessera/vanilla';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(repo, path), 'utf8');
const pages = readdirSync(join(repo, 'docs/guide'))
  .filter((file) => file.startsWith('from-'))
  .map((file) => `docs/guide/${file}`);

const packageFolders = [
  'core',
  'adapters/vanilla',
  'adapters/vue',
  'adapters/svelte',
  'adapters/devtools',
  'adapters/nuxt',
];

/** Every entry of a package, as `@tessera/x` or `@tessera/x/entry`, with its source file. */
const entries = packageFolders.flatMap((folder) => {
  const manifest = JSON.parse(read(`${folder}/package.json`));
  return Object.entries(manifest.exports as Record<string, string | Record<string, string>>).map(
    ([entry, target]) => ({
      specifier: `${manifest.name}${entry.slice(1)}`,
      source: join(folder, typeof target === 'string' ? target : (target.source ?? '')),
    }),
  );
});

/** The names an entry exports (runtime and types), from its `export` statements. */
function exportedNames(file: string): string[] {
  const text = read(file);
  const names = [...text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) =>
    m[1]
      .split(',')
      .map((part) =>
        part
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)
          .pop()
          ?.trim(),
      )
      .filter((name): name is string => Boolean(name)),
  );
  const declared = [
    ...text.matchAll(/export\s+(?:declare\s+)?(?:const|function|class|interface|type)\s+(\w+)/g),
  ].map((m) => m[1]);
  return [...names, ...declared];
}

const exported = new Set(
  entries.filter((e) => /\.ts$/.test(e.source)).flatMap((e) => exportedNames(e.source)),
);

/** Source files of the packages (no tests): where an option or a field is declared. */
const sources = packageFolders
  .flatMap((folder) =>
    readdirSync(join(repo, folder, 'src'), { recursive: true, encoding: 'utf8' }).map((file) =>
      join(folder, 'src', file),
    ),
  )
  .filter((file) => /\.ts$/.test(file) && !/\.test(-helpers)?\.ts$|\.test\.|\.types\./.test(file))
  .map(read)
  .join('\n');
const declaredMember = (name: string) =>
  new RegExp(`(?:^|[\\s{;,(])(?:readonly\\s+)?${name}\\??\\s*[:(<]`, 'm').test(sources);

const tessera = createTessera();
const store = createStore();
/** Members of the objects the pages call methods on. */
const receivers: Record<string, (member: string) => boolean> = {
  tessera: (member) => member in tessera,
  store: (member) => typeof (store as unknown as Record<string, unknown>)[member] === 'function',
  controller: (member) =>
    typeof (Controller.prototype as unknown as Record<string, unknown>)[member] === 'function',
};

/** Words that stand for the reader's own values in a call shown (`useDLE(endpoint, args)`). */
const placeholders = new Set([
  'app',
  'args',
  'asyncFunction',
  'await',
  'endpoint',
  'intervalMs',
  'METHOD',
  'mutationEndpoint',
  'new',
  'null',
  'path',
  'response',
  'schema',
  'testKey',
  'url',
]);
/** Components of the frameworks themselves. */
const frameworkNames = new Set(['Suspense', 'svelte:boundary']);

/** The cells of a page's tables from the given column on (Tessera's side). */
function tesseraCells(markdown: string, fromColumn: number): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .flatMap((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .slice(fromColumn)
        .map((cell) => cell.trim()),
    );
}

/** What in a code span is not something Tessera has. */
function unknownNames(span: string): string[] {
  if (span.startsWith('@tessera/')) return entries.some((e) => e.specifier === span) ? [] : [span];
  if (/^'[^']*'$/.test(span)) return [];
  // An HTTP header (`Cache-Control: max-age`, `If-None-Match`), not a name of Tessera's.
  if (/^[A-Z][a-z]+(-[A-Z][a-z]+)+\b/.test(span)) return [];
  const unknown: string[] = [];
  let previous: string | undefined;
  for (const m of span.matchAll(/(\.)?([A-Za-z_$][\w$]*(?::\w+)?)/g)) {
    const [, dot, name] = m;
    if (dot) {
      const check = previous === undefined ? undefined : receivers[previous];
      if (check && !check(name)) unknown.push(`${previous}.${name}`);
    } else if (
      !(name in receivers) &&
      !placeholders.has(name) &&
      !frameworkNames.has(name) &&
      !exported.has(name) &&
      !declaredMember(name)
    )
      unknown.push(name);
    previous = name;
  }
  return unknown;
}

describe.each(pages)('%s', (page) => {
  const markdown = read(page);
  // The first column is the other library's; the hooks table of data-client has one per adapter.
  const spans = tesseraCells(markdown, 1).flatMap((cell) =>
    [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]),
  );

  it('has tables naming Tessera', () => {
    expect(spans.length).toBeGreaterThan(20);
  });

  it('names on Tessera’s side only what exists', () => {
    expect(spans.flatMap(unknownNames)).toEqual([]);
  });
});

// The other library's feature → the API of Tessera that does it, on each page.
const mappings: Record<string, [string, string][]> = {
  'docs/guide/from-tanstack-query.md': [
    ['`useInfiniteQuery`', 'useInfinite'],
    ['`useInfiniteQuery`', 'infinite('],
    ['`refetchOnWindowFocus`', 'PageManager'],
    ['`refetchOnReconnect`', 'PageManager'],
    ['`networkMode`', 'PageManager'],
    ['`refetchInterval`', 'PollingManager'],
    ['`gcTime`', 'GCManager'],
    ['`retry`', 'RetryManager'],
  ],
  'docs/guide/from-pinia-colada.md': [
    ['`useInfiniteQuery`', 'useInfinite'],
    ['`refetchOnWindowFocus`', 'PageManager'],
    ['`refetchOnReconnect`', 'PageManager'],
    ['`gcTime`', 'GCManager'],
    ['`@pinia/colada-plugin-auto-refetch`', 'PollingManager'],
    ['`@pinia/colada-plugin-retry`', 'RetryManager'],
    ['`@pinia/colada-devtools`', 'TesseraDevtools'],
    ['`@pinia/colada-nuxt`', '@tessera/nuxt'],
  ],
};

describe.each(Object.entries(mappings))('%s', (page, mapped) => {
  const markdown = read(page);
  /** Tessera's side of the row whose first cell names `name`. */
  const row = (name: string) =>
    markdown
      .split('\n')
      .find((line) => line.startsWith('| ') && line.split(' | ')[0].includes(name))
      ?.split(' | ')
      .slice(1)
      .join(' | ');

  it.each(mapped)('maps %s to %s', (theirs, ours) => {
    expect(row(theirs) ?? '', theirs).toContain(ours);
    const name = ours.replace('(', '');
    expect(exported.has(name) || entries.some((e) => e.specifier === name)).toBe(true);
  });

  it('does not call missing what a row maps', () => {
    const missing = markdown.split(/^## What Tessera does not do$/m)[1] ?? '';
    for (const [, ours] of mapped) expect(missing).not.toContain(ours);
    expect(missing).not.toMatch(/window focus|reconnect|infinite/i);
  });
});

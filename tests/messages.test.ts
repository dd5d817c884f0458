// Every message code in the sources is on docs/reference/messages.md and every code there is in
// the sources, and a production bundle carries the codes but none of the development texts the
// page lists (a development bundle carries them all, so the check finds what it looks for).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const CODE = /\bTSR\d{2}\b/g;

const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: repo,
  encoding: 'utf8',
})
  .split('\n')
  .filter(
    (file) =>
      /^(core|adapters\/[^/]+)\/src\/.*\.(ts|svelte)$/.test(file) &&
      !/\.test(-[^.]+)?\./.test(file),
  );

/** The rows of the page: code, and the development message (inline code, placeholders `<...>`). */
const page = readFileSync(join(repo, 'docs/reference/messages.md'), 'utf8');
const rows = [...page.matchAll(/^\| (TSR\d{2}) \|[^|]*\|[^|]*\| `+ ?(.+?) ?`+ \|$/gm)].map(
  ([, code, development]) => ({ code, development }),
);

/** The longest piece of a development message that is literal text in the sources. */
function literalPiece(development: string): string {
  return development
    .split(/<[^>]+>|["'`]|: | \(got /)
    .map((piece) => piece.trim())
    .reduce((longest, piece) => (piece.length > longest.length ? piece : longest), '');
}

async function bundle(mode: 'production' | 'development'): Promise<string> {
  const result = await build({
    stdin: {
      contents: `export * from '@tessera/core';
        export * from '@tessera/core/internal';
        export * from '@tessera/vanilla';
        export * from '@tessera/core/testing';
        export * from '@tessera/core/live';
        export { getTessera } from './adapters/svelte/src/context';
        export { createTessera as vueTessera, useTessera } from './adapters/vue/src/tessera';
        export * from './adapters/nuxt/src/runtime/serverTarget';`,
      resolveDir: repo,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    minify: true,
    platform: 'browser',
    conditions: ['source'],
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    external: ['svelte', 'svelte/*', 'vue', '@vue/devtools-api'],
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

describe('message codes', () => {
  it('are each documented once, and the page lists no code the sources do not use', () => {
    const used = new Set(
      sources.flatMap((file) => readFileSync(join(repo, file), 'utf8').match(CODE) ?? []),
    );
    const documented = rows.map((row) => row.code);
    expect(new Set(documented).size).toBe(documented.length);
    expect([...used].sort()).toEqual([...documented].sort());
    expect(documented.length).toBeGreaterThan(50);
  });

  it('leave only the codes in a production bundle, the full texts in a development one', async () => {
    const [production, development] = await Promise.all([
      bundle('production'),
      bundle('development'),
    ]);
    for (const { code, development: text } of rows) {
      const piece = literalPiece(text);
      expect(piece.length, code).toBeGreaterThanOrEqual(8);
      expect(development.includes(piece), `${code} in development: ${piece}`).toBe(true);
      expect(production.includes(piece), `${code} in production: ${piece}`).toBe(false);
      expect(production.includes(code), `${code} in production`).toBe(true);
    }
  }, 60_000);
});

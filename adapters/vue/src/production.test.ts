// Devtools code must not reach production bundles: the dynamic import sits behind
// `process.env.NODE_ENV !== 'production'`, which bundlers replace and then drop.
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

async function bundle(mode: 'production' | 'development'): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { createTessera, useSuspense } from './src/index';
        console.log(createTessera, useSuspense);`,
      resolveDir: resolve(import.meta.dirname, '..'),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    // Production bundlers minify; dead branches go with the syntax pass.
    minifySyntax: true,
    platform: 'browser',
    conditions: ['source'],
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    external: ['vue', '@tessera/core', '@vue/devtools-api'],
    logLevel: 'silent',
  });
  return result.outputFiles.map((file) => file.text).join('\n');
}

describe('production builds', () => {
  it('leave out devtools and the action log; development builds keep them', async () => {
    const development = await bundle('development');
    expect(development).toContain('@vue/devtools-api');
    expect(development).toContain('addTimelineEvent');
    const production = await bundle('production');
    expect(production).not.toContain('devtools');
    expect(production).not.toContain('addTimelineEvent');
    expect(production).not.toContain('createActionLog');
  });
});

#!/usr/bin/env node
// Type-checks the documentation's code: every ts, js, vue and svelte code block of docs/**/*.md,
// and the getting-started apps the guides show (docs/apps); a block that is a copy of an app's
// file (`<!-- copy of docs/apps/… -->` above it, see docs-copies.mjs) is checked as that file.
// Each block is written as a module of its own into a scratch folder per page; a block may
// import `./api` (the apps' docs/apps/api.ts, which the getting-started guides show), and a block
// whose fence names a file (```svelte [TodoView.svelte]) is written under that name, for the
// page's other blocks to import. vue-tsc checks the ts, js and vue files, svelte-check the
// svelte ones. Errors are reported at the Markdown file and line of the block.
//
// A block that cannot stand alone (a fragment of a larger file) is skipped when the line before
// its fence is `<!-- no-check: why -->`; keep those rare.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { docsPages } from './docs-copies.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const docs = join(repo, 'docs');
const scratch = join(docs, '.vitepress', 'cache', 'blocks');
const extensions = {
  ts: 'ts',
  typescript: 'ts',
  js: 'js',
  javascript: 'js',
  vue: 'vue',
  svelte: 'svelte',
};

/** The fenced blocks of one Markdown file: language, first line of code (1-based), code. */
function codeBlocks(text) {
  const lines = text.split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(\w*)(?:.*\[([\w.-]+)\])?/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, language, title] = open;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !lines[end].startsWith(`${indent}${fence}`)) end++;
    const before = lines.slice(0, i).findLast((line) => line.trim() !== '') ?? '';
    blocks.push({
      language: language.toLowerCase(),
      title,
      line: start + 1,
      code: lines
        .slice(start, end)
        .map((line) => line.slice(indent.length))
        .join('\n'),
      skipped: /^<!--\s*no-check:\s*\S/.test(before.trim()),
      copy: /^<!-- copy of docs\/apps\//.test(before.trim()),
    });
    i = end;
  }
  return blocks;
}

rmSync(scratch, { recursive: true, force: true });
const origins = new Map(); // file path under the scratch folder -> [markdown path, first line]
let written = 0;
let svelteBlocks = 0;
const skipped = [];
const problems = [];
for (const file of docsPages()) {
  const page = relative(repo, file);
  for (const block of codeBlocks(readFileSync(file, 'utf8'))) {
    const extension = extensions[block.language];
    if (!extension || block.copy) continue;
    if (block.skipped) {
      skipped.push(`${page}:${block.line}`);
      continue;
    }
    // A Vue block must be a whole component: any other top-level tag is a custom block, unchecked.
    if (extension === 'vue' && !/^<(script|template)\b/m.test(block.code)) {
      problems.push(
        `${page}:${block.line}: a vue block needs a <script> or <template> at the top level`,
      );
      continue;
    }
    // svelte-check (svelte blocks, and code importing them) and vue-tsc (the rest) each get a
    // folder; in it, one folder per page. A named ts or js block goes to both, for either to import.
    const svelte = extension === 'svelte' || /from '[^']+\.svelte'/.test(block.code);
    const tools =
      block.title && /\.[jt]s$/.test(block.title) ? ['ts', 'svelte'] : [svelte ? 'svelte' : 'ts'];
    for (const tool of tools) {
      const folder = join(tool, relative(repo, file).replace(/\.md$/, '').replaceAll('/', '__'));
      if (!existsSync(join(scratch, folder))) {
        mkdirSync(join(scratch, folder), { recursive: true });
        copyFileSync(join(docs, 'apps', 'api.ts'), join(scratch, folder, 'api.ts'));
      }
      const name = join(folder, block.title ?? `L${block.line}.${extension}`);
      if (origins.has(name))
        problems.push(`${page}:${block.line}: a second block named ${block.title}`);
      writeFileSync(join(scratch, name), `${block.code}\n`);
      origins.set(name, [page, block.line]);
    }
    written += 1;
    if (svelte) svelteBlocks += 1;
  }
}

const base = join(repo, 'tsconfig.base.json');
const config = (include, options = {}) =>
  JSON.stringify({
    extends: base,
    // Every block is a module, also one without imports: the blocks declare the same names.
    compilerOptions: { moduleDetection: 'force', allowJs: true, checkJs: true, ...options },
    include,
  });
mkdirSync(join(scratch, 'ts'), { recursive: true });
mkdirSync(join(scratch, 'svelte'), { recursive: true });
writeFileSync(
  join(scratch, 'ts', 'tsconfig.json'),
  config(
    [
      '**/*.ts',
      '**/*.js',
      '**/*.vue',
      join(docs, '.vitepress', 'config.ts'),
      join(docs, 'apps', '*.ts'),
      join(docs, 'apps', 'vanilla'),
      join(docs, 'apps', 'vue'),
    ],
    { types: ['node', 'vite/client'] },
  ),
);
writeFileSync(join(scratch, 'svelte', 'tsconfig.json'), config(['**/*.ts', '**/*.svelte']));
// Svelte's `await` in components, which the docs show, is behind an experimental flag.
writeFileSync(
  join(scratch, 'svelte', 'svelte.config.js'),
  'export default { compilerOptions: { experimental: { async: true } } };\n',
);

/** Runs a checker; its output with scratch file names turned into Markdown places. */
function check(label, command, args) {
  const { status, stdout, stderr } = spawnSync(join(repo, 'node_modules', '.bin', command), args, {
    cwd: repo,
    encoding: 'utf8',
  });
  const output = `${stdout}${stderr}`.replace(
    /([^\s"'(]+\.(?:ts|js|vue|svelte))(?:\((\d+),(\d+)\)|:(\d+):(\d+))/g,
    (whole, path, row, column, row2, column2) => {
      const origin = origins.get(relative(scratch, resolve(repo, path)));
      if (!origin) return whole;
      return `${origin[0]}:${origin[1] + Number(row ?? row2) - 1}:${column ?? column2}`;
    },
  );
  if (status !== 0) problems.push(`${label} failed:\n${output.trim()}`);
}

check('vue-tsc', 'vue-tsc', ['-p', join(scratch, 'ts', 'tsconfig.json'), '--noEmit']);
const svelteWorkspaces = [
  join(docs, 'apps', 'svelte'),
  ...(svelteBlocks ? [join(scratch, 'svelte')] : []),
];
for (const workspace of svelteWorkspaces) {
  check('svelte-check', 'svelte-check', [
    '--workspace',
    workspace,
    '--tsconfig',
    './tsconfig.json',
    '--fail-on-warnings',
  ]);
}

console.log(
  `docs code: ${written} blocks and the getting-started apps checked` +
    (skipped.length ? `; ${skipped.length} marked no-check (${skipped.join(', ')})` : ''),
);
if (problems.length) {
  console.log(problems.join('\n\n'));
  process.exit(1);
}

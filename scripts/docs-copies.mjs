#!/usr/bin/env node
// Some docs pages show a file of the repository whole: the getting-started apps' code (docs/apps,
// type-checked and used in Chromium) and the Nuxt and SvelteKit READMEs. They hold a copy, not a
// VitePress include (`<<<`, `<!--@include:-->`), so that they read completely as plain Markdown
// too (GitHub shows nothing for an include). A copy follows a line `<!-- copy of PATH -->` (PATH
// from the repository's root): for a code file, the fenced block right below it; for a Markdown
// file, the rest of the page, from below the file's title.
//
// `node scripts/docs-copies.mjs` writes every file into its copies; tests/docsPages.test.ts fails
// when a copy differs from its file.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const marker = /^<!-- copy of (\S+) -->$/;

/** The docs' pages: Markdown files under docs/, without VitePress's own folder and the apps. */
export function docsPages(dir = join(repo, 'docs')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name.startsWith('.') || entry.name === 'apps' ? [] : docsPages(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** A page with each copy rewritten from its file (`read` gives a file's text by its PATH). */
export function withCopies(page, read = (path) => readFileSync(join(repo, path), 'utf8')) {
  const lines = page.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    out.push(lines[i]);
    const path = marker.exec(lines[i])?.[1];
    if (path === undefined) continue;
    const text = read(path);
    if (path.endsWith('.md')) {
      // The rest of the page: the file below its title line.
      out.push('', text.slice(text.indexOf('\n') + 1).replace(/^\n+/, ''));
      return out.join('\n').replace(/\n*$/, '\n');
    }
    // The fenced block below the marker: replaced, fence and all.
    let end = i + 1;
    if (/^```/.test(lines[end] ?? '')) {
      end++;
      while (end < lines.length && !/^```\s*$/.test(lines[end])) end++;
      end++;
    }
    const language = path.split('.').at(-1);
    out.push(`\`\`\`${language}`, ...text.replace(/\n$/, '').split('\n'), '```');
    i = end - 1;
  }
  return out.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of docsPages()) {
    const page = readFileSync(file, 'utf8');
    const copied = withCopies(page);
    if (copied !== page) {
      writeFileSync(file, copied);
      console.log(`copied into ${file.slice(repo.length)}`);
    }
  }
}

// Every link of the documentation and the READMEs, and every docs page a comment points at,
// leads to a file that exists and, with an anchor, to a heading of it. VitePress's build checks
// the links between its pages but not their anchors, nor READMEs and comments.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { prose } from './support/markdown';

const repo = fileURLToPath(new URL('..', import.meta.url));
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: repo,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file !== '' && existsSync(join(repo, file)));

/** VitePress's heading ids (@mdit-vue/shared's slugify). */
function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036F]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

const anchorsOf = new Map<string, Set<string>>();
function anchors(file: string): Set<string> {
  let found = anchorsOf.get(file);
  if (!found) {
    const headings = prose(readFileSync(join(repo, file), 'utf8')).match(/^#{1,6} .+$/gm) ?? [];
    found = new Set(headings.map((heading) => slugify(heading.replace(/^#+ /, ''))));
    anchorsOf.set(file, found);
  }
  return found;
}

/** Why `path#anchor` (relative to the repository) leads nowhere, or undefined when it leads somewhere. */
function broken(path: string, anchor: string | undefined): string | undefined {
  if (!existsSync(join(repo, path))) return 'no such file';
  if (anchor === undefined || !path.endsWith('.md') || statSync(join(repo, path)).isDirectory())
    return undefined;
  return anchors(path).has(anchor) ? undefined : `no heading #${anchor}`;
}

const markdown = files.filter((file) => file.endsWith('.md'));
const code = files.filter((file) => /\.(ts|mts|js|mjs|vue|svelte)$/.test(file));

describe('links', () => {
  it.each(markdown)('%s links to files and headings that exist', (file) => {
    const text = prose(readFileSync(join(repo, file), 'utf8'));
    const problems: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
      const [path, anchor] = target.split('#');
      // `/guide/x` is a VitePress route from docs/; anything else is relative to the file.
      const resolved = path.startsWith('/')
        ? join('docs', path.endsWith('/') ? `${path}index.md` : `${path}.md`)
        : path === ''
          ? file
          : relative(repo, join(repo, dirname(file), path));
      const why = broken(resolved, anchor);
      if (why) problems.push(`${target}: ${why}`);
    }
    expect(problems).toEqual([]);
  });

  it('comments point at docs pages and headings that exist', () => {
    const problems: string[] = [];
    for (const file of code) {
      const text = readFileSync(join(repo, file), 'utf8');
      for (const [reference, path, anchor] of text.matchAll(
        /\b((?:[\w.-]+\/)*docs\/[\w./-]+\.md)(?:#([\w-]+))?/g,
      )) {
        const why = broken(path, anchor);
        if (why) problems.push(`${file}: ${reference}: ${why}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('nothing cites a specification users do not have', () => {
    const citing = [...markdown, ...code].filter((file) =>
      /\bSPEC(\.md| §)/.test(readFileSync(join(repo, file), 'utf8')),
    );
    expect(citing).toEqual([]);
  });
});

// The example of core/README.md, run as written against an msw server. The code between the
// markers below must be the README's code block, character for character.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createStore, Entity, GCManager, resource } from '@tessera/core';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, expect, expectTypeOf, it } from 'vitest';

const articlesOnServer = [
  { slug: 'tides', headline: 'Tides' },
  { slug: 'comets', headline: 'Comets' },
];
const server = setupServer(
  http.get('https://news.example.com/articles', () => HttpResponse.json(articlesOnServer)),
  http.get('https://news.example.com/articles/:slug', ({ params }) =>
    HttpResponse.json(articlesOnServer.find((a) => a.slug === params.slug)),
  ),
  http.patch('https://news.example.com/articles/:slug', async ({ params, request }) => {
    const article = articlesOnServer.find((a) => a.slug === params.slug)!;
    return HttpResponse.json({ ...article, ...((await request.json()) as object) });
  }),
);
server.listen({ onUnhandledRequest: 'error' });
afterAll(() => server.close());

// --- README example start ---
class Article extends Entity {
  slug = '';
  headline = '';
  pk() {
    return this.slug;
  }
}

const ArticleResource = resource({
  urlPrefix: 'https://news.example.com',
  path: '/articles/:slug',
  schema: Article,
});

// A Controller wired to the network manager; polling, retries and timeouts, and garbage
// collection are opt in (see below): here, GC for a long-lived app
const store = createStore({ managers: [new GCManager()] });

// GET /articles: normalized into the store, each Article kept once under its pk
await store.controller.fetch(ArticleResource.getList);
const articles = store.controller.getResponse(ArticleResource.getList).data;

// PATCH /articles/tides: the stored Article changes, so every result holding it changes
await store.controller.fetch(
  ArticleResource.partialUpdate,
  { slug: 'tides' },
  { headline: 'Tides, revised' },
);
const updated = store.controller.getResponse(ArticleResource.getList).data;

// Called directly, an endpoint is a typed fetch of the server's JSON, which the store has not
// seen: typed `JsonOf<Article>` (its fields, no `pk()`; a `Date` field as its string)
const json = await ArticleResource.get({ slug: 'tides' });

store.dispose();
// --- README example end ---

it('is the code block of core/README.md', () => {
  const between = (text: string, start: string, end: string) => {
    const from = text.indexOf(start) + start.length;
    return text.slice(from, text.indexOf(end, from));
  };
  const readme = readFileSync(fileURLToPath(new URL('../core/README.md', import.meta.url)), 'utf8');
  const test = readFileSync(fileURLToPath(import.meta.url), 'utf8');
  const fromReadme = between(readme, '## Example\n\n```ts\n', '```').trim();
  const ours = between(test, '// --- README example start ---', '// --- README example end ---');
  expect(
    `import { createStore, Entity, GCManager, resource } from '@tessera/core';\n\n${ours.trim()}`,
  ).toBe(fromReadme);
});

it('does what its comments say', () => {
  // undefined until something is stored
  expectTypeOf(articles).toEqualTypeOf<Article[] | undefined>();
  expect(articles!.map((a) => a.headline)).toEqual(['Tides', 'Comets']);
  expect(articles![0]).toBeInstanceOf(Article);
  expect(updated!.map((a) => a.headline)).toEqual(['Tides, revised', 'Comets']);
  // The untouched Article is the same object: only what changed is new.
  expect(updated![1]).toBe(articles![1]);
  // The direct call: the JSON, not an Article
  expectTypeOf(json).toEqualTypeOf<{ slug: string; headline: string }>();
  expect(json).not.toBeInstanceOf(Article);
  expect(json).toEqual({ slug: 'tides', headline: 'Tides' });
});

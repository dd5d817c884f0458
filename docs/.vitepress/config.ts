import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type DefaultTheme, defineConfig } from 'vitepress';

/**
 * One API page per package, from the files in docs/api: a new package adds its page there and
 * it is listed (core first, then by name), titled by the page's first heading.
 */
function packagePages(): DefaultTheme.SidebarItem[] {
  const dir = fileURLToPath(new URL('../api/', import.meta.url));
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file !== 'index.md')
    .map((file) => file.replace(/\.md$/, ''))
    .sort((a, b) => Number(b.startsWith('core')) - Number(a.startsWith('core')) || (a < b ? -1 : 1))
    .map((name) => ({
      text:
        /^# (.+)$/m.exec(readFileSync(`${dir}${name}.md`, 'utf8'))?.[1].replaceAll('`', '') ?? name,
      link: `/api/${name}`,
    }));
}

export default defineConfig({
  title: 'Tessera',
  description:
    'Typed REST endpoints and one normalized, reactive store for Vue, Svelte and plain JavaScript.',
  cleanUrls: true,
  // The apps are Vite projects the getting-started guides show (as copies), not pages.
  srcExclude: ['apps/**'],
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/installation' },
      { text: 'Reference', link: '/reference/rest-endpoint' },
      { text: 'API', link: '/api/' },
    ],
    sidebar: [
      {
        text: 'Getting started',
        items: [
          { text: 'Installation', link: '/guide/installation' },
          { text: 'Plain JavaScript', link: '/guide/getting-started-vanilla' },
          { text: 'Vue', link: '/guide/getting-started-vue' },
          { text: 'Svelte', link: '/guide/getting-started-svelte' },
        ],
      },
      {
        text: 'Guides',
        items: [
          { text: 'Endpoints and schemas', link: '/guide/endpoints-and-schemas' },
          { text: 'Normalization', link: '/guide/normalization' },
          { text: 'Mutations and optimistic updates', link: '/guide/mutations' },
          { text: 'Pagination', link: '/guide/pagination' },
          { text: 'Polling, retries, GC (opt in)', link: '/guide/features' },
          { text: 'Offline and focus', link: '/guide/offline' },
          { text: 'Live data: SSE and WebSocket', link: '/guide/live-data' },
          { text: 'HTTP semantics', link: '/guide/http' },
          { text: 'Errors and retries', link: '/guide/errors-and-retries' },
          { text: 'Validating responses', link: '/guide/validation' },
          { text: 'From an OpenAPI document', link: '/guide/openapi' },
          { text: 'Server rendering', link: '/guide/ssr' },
          { text: 'Testing', link: '/guide/testing' },
          { text: 'Coming from TanStack Query', link: '/guide/from-tanstack-query' },
          { text: 'Coming from Pinia Colada', link: '/guide/from-pinia-colada' },
          { text: 'Coming from data-client', link: '/guide/from-data-client' },
        ],
      },
      {
        text: 'Reference',
        items: [
          { text: 'RestEndpoint', link: '/reference/rest-endpoint' },
          { text: 'Path templates', link: '/reference/path-templates' },
          { text: 'Schemas', link: '/reference/schemas' },
          { text: 'Collections and pages', link: '/reference/collections' },
          { text: 'The store', link: '/reference/store' },
          { text: 'How a reader behaves', link: '/reference/readers' },
          { text: 'Errors', link: '/reference/errors' },
          { text: 'Messages', link: '/reference/messages' },
        ],
      },
      { text: 'API', link: '/api/', items: packagePages() },
    ],
    outline: 'deep',
    search: { provider: 'local' },
  },
});

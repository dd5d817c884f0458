// Todo and Tag in a production build, without `static key` (the page) and with it (`?keyed`).
// The example REST API serves the todos; the tags are served here.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { inRepo } from '../../../docs/apps/vite.shared';

const tags = [
  { id: 1, name: 'urgent' },
  { id: 2, name: 'later' },
];

function tagsApi(): Plugin {
  return {
    name: 'tags-api',
    configurePreviewServer(server) {
      server.middlewares.use('/api/tags', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(tags));
      });
    },
  };
}

export default defineConfig(
  inRepo(fileURLToPath(new URL('.', import.meta.url)), { plugins: [tagsApi()] }),
);

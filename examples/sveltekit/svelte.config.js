// Read by SvelteKit's Vite plugin and svelte-check: a Node server build (`build/handler.js`,
// which `serve.mjs` mounts beside the example API).
import adapter from '@sveltejs/adapter-node';

export default {
  kit: { adapter: adapter() },
};

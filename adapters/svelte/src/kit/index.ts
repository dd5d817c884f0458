// `@tessera/svelte/kit`: SvelteKit helpers. Fetch in server `load` functions into a store per
// request, carry its state in the page data, start the browser's store from it once
// (adapters/svelte/KIT.md).

export {
  type PreloadCalls,
  type PreloadEvent,
  type PreloadOptions,
  preload,
  type TesseraPageData,
} from './preload.js';
export { startTessera } from './startTessera.js';

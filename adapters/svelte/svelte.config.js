// Read by svelte-check. The tests compile `*.async.svelte` with Svelte's experimental async mode
// (vitest.config.ts turns it on for those files only); checking every file with it on is harmless.
export default {
  compilerOptions: { experimental: { async: true } },
};

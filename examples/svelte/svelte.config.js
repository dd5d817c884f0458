// Read by vite-plugin-svelte and svelte-check. `await` in components (under <svelte:boundary>)
// is still behind Svelte's experimental flag.
export default {
  compilerOptions: { experimental: { async: true } },
};

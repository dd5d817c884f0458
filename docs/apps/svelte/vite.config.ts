import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { inRepo } from '../vite.shared';

export default defineConfig(
  inRepo(fileURLToPath(new URL('.', import.meta.url)), { plugins: [svelte()] }),
);

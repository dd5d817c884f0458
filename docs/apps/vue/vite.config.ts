import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';
import { inRepo } from '../vite.shared';

export default defineConfig(
  inRepo(fileURLToPath(new URL('.', import.meta.url)), { plugins: [vue()] }),
);

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { inRepo } from '../vite.shared';

export default defineConfig(inRepo(fileURLToPath(new URL('.', import.meta.url))));

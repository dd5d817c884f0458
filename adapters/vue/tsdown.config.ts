// Every package builds the same way (ESM with types); this one has a second entry for tests.
import { defineConfig } from 'tsdown';
import base from '../../core/tsdown.config';

export default defineConfig({ ...base, entry: ['src/index.ts', 'src/testing.ts'] });

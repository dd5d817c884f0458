// What the getting-started apps need only because they live in this repository: the workspace
// packages' TypeScript source, and the example REST API served under /api by the same process.
import { defaultClientConditions, mergeConfig, type UserConfig } from 'vite';
import { apiPlugin } from '../../examples/server/src/index';

export function inRepo(root: string, config: UserConfig = {}): UserConfig {
  return mergeConfig(config, {
    root,
    resolve: { conditions: ['source', ...defaultClientConditions] },
    plugins: [apiPlugin()],
  });
}

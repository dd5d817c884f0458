import type { EndpointInterface } from '../store';

const warned = new WeakMap<EndpointInterface, Set<string>>();

/**
 * Development only (call it behind `process.env.NODE_ENV !== 'production' &&`): once per
 * endpoint and manager, says which import the store lacks for an option the endpoint sets.
 */
export function warnMissingFeature(
  endpoint: EndpointInterface,
  key: string,
  option: string,
  manager: 'PollingManager' | 'RetryManager',
): void {
  const seen = warned.get(endpoint) ?? new Set<string>();
  if (seen.has(manager)) return;
  seen.add(manager);
  warned.set(endpoint, seen);
  console.warn(
    `Tessera: "${key}" sets \`${option}\`, but this store has no ${manager}, so it is ignored. Add it: import { ${manager} } from '@tessera/core', then createStore({ managers: [new ${manager}()] }) (or createTessera). See docs/guide/features.md.`,
  );
}

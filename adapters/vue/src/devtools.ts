import type { Changes, Controller } from '@tessera/core';
import { setupDevtoolsPlugin } from '@vue/devtools-api';
import type { App } from 'vue';
import type { Tessera } from './tessera';

const INSPECTOR = 'tessera';
const LAYER = 'tessera:actions';
type Rows = { key: string; value: unknown }[];

/** The inspector's tree: entity types, then result keys. */
export function inspectorTree(controller: Controller) {
  const { entities, meta } = controller.getState();
  const node = (prefix: string) => (key: string) => ({ id: `${prefix}:${key}`, label: key });
  return [
    { id: 'entities', label: 'Entities', children: Object.keys(entities).map(node('entity')) },
    { id: 'results', label: 'Results', children: Object.keys(meta).map(node('result')) },
  ];
}

/** One node's state: an entity table with expiry, or a result with its meta and expiry. */
export function inspectorState(controller: Controller, nodeId: string): Record<string, Rows> {
  const state = controller.getState();
  const [kind, key] = [nodeId.slice(0, nodeId.indexOf(':')), nodeId.slice(nodeId.indexOf(':') + 1)];
  const rows = (record: object | undefined): Rows =>
    Object.entries(record ?? {}).map(([name, value]) => ({ key: name, value }));
  if (kind === 'entity') {
    return { entities: rows(state.entities[key]), expiry: rows(state.entitiesMeta[key]) };
  }
  const meta = state.meta[key];
  const expiresIn = meta ? meta.expiresAt - controller.now() : undefined;
  return {
    result: rows({ normalized: state.endpoints[key], fetching: key in state.fetching }),
    meta: rows({ ...meta, error: meta?.error && String(meta.error), 'expiresIn (ms)': expiresIn }),
  };
}

/** True when a table was new or replaced (the tree may have gained an entity type). */
function hasWholeTable(tables: Changes['entities']): boolean {
  for (const keys of tables.values()) if (!(keys instanceof Set)) return true;
  return false;
}

/** Registers the Tessera inspector and action timeline with Vue devtools (development only). */
export function setupDevtools(app: App, tessera: Tessera): void {
  const { controller } = tessera;
  const descriptor = { id: 'dev.tessera', label: 'Tessera', packageName: '@tessera/vue', app };
  setupDevtoolsPlugin({ ...descriptor, enableEarlyProxy: true }, (api) => {
    api.addInspector({ id: INSPECTOR, label: 'Tessera', icon: 'storage' });
    api.addTimelineLayer({ id: LAYER, label: 'Tessera', color: 0x41b883 });
    api.on.getInspectorTree((payload) => {
      if (payload.inspectorId === INSPECTOR) payload.rootNodes = inspectorTree(controller);
    });
    api.on.getInspectorState((payload) => {
      if (payload.inspectorId === INSPECTOR) {
        payload.state = inspectorState(controller, payload.nodeId);
      }
    });
    tessera.actions?.listen((action, time) => {
      // Functions (resolve/reject, endpoints) do not travel to the devtools.
      const data = JSON.parse(
        JSON.stringify(action, (_k, v) => (typeof v === 'function' ? undefined : v)),
      );
      const subtitle = 'key' in action ? action.key : '';
      api.addTimelineEvent({ layerId: LAYER, event: { time, title: action.type, subtitle, data } });
    });
    // The store's change log: the tree lists entity types and result keys, so it is sent again
    // only when a result or a whole table changed; the open node's state after any change.
    const states = controller.changes$.subscribe(({ changes }) => {
      if (changes.all || changes.results.size > 0 || hasWholeTable(changes.entities))
        api.sendInspectorTree(INSPECTOR);
      api.sendInspectorState(INSPECTOR);
    });
    app.onUnmount(() => states.unsubscribe());
  });
}

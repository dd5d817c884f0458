import type { Action, Controller, State } from '@tessera/core';
import { setupDevtoolsPlugin } from '@vue/devtools-api';
import type { App } from 'vue';
import type { Tessera } from './tessera';

const INSPECTOR = 'tessera';
const LAYER = 'tessera:actions';

/** What the timeline shows of an action (functions and promises left out). */
function describe(action: Action): { title: string; subtitle: string; data: object } {
  switch (action.type) {
    case 'fetch':
    case 'subscribe':
    case 'unsubscribe':
      return {
        title: action.type,
        subtitle: action.key,
        data: { key: action.key, args: action.args },
      };
    case 'setResponse':
      return {
        title: action.error ? 'error' : 'response',
        subtitle: action.key,
        data: { key: action.key, args: action.args, response: action.response, meta: action.meta },
      };
    case 'fetchCancelled':
      return { title: 'cancelled', subtitle: action.key, data: { key: action.key } };
    case 'invalidate':
      return {
        title: 'invalidate',
        subtitle: typeof action.keys === 'function' ? 'by testKey' : action.keys.join(', '),
        data: { keys: typeof action.keys === 'function' ? 'testKey' : action.keys },
      };
    case 'gc':
      return { title: 'gc', subtitle: `${action.keys.length} results`, data: action };
    default:
      return { title: action.type, subtitle: '', data: {} };
  }
}

/** The inspector's tree: entity types (with counts), then result keys. */
export function inspectorTree(state: State) {
  return [
    {
      id: 'entities',
      label: 'Entities',
      children: Object.entries(state.entities).map(([key, table]) => ({
        id: `entity:${key}`,
        label: key,
        tags: [
          {
            label: String(Object.keys(table ?? {}).length),
            textColor: 0,
            backgroundColor: 0x41b883,
          },
        ],
      })),
    },
    {
      id: 'results',
      label: 'Results',
      children: Object.keys(state.meta).map((key) => ({ id: `result:${key}`, label: key })),
    },
  ];
}

/** The inspector's state of one node: an entity table, or a result with its expiry. */
type InspectorState = Record<string, { key: string; value: unknown }[]>;

export function inspectorState(controller: Controller, nodeId: string): InspectorState {
  const state = controller.getState();
  if (nodeId.startsWith('entity:')) {
    const key = nodeId.slice('entity:'.length);
    return {
      entities: Object.entries(state.entities[key] ?? {}).map(([pk, value]) => ({
        key: pk,
        value,
      })),
      expiry: Object.entries(state.entitiesMeta[key] ?? {}).map(([pk, meta]) => ({
        key: pk,
        value: { ...meta, expiresIn: meta.expiresAt - controller.now() },
      })),
    };
  }
  if (nodeId.startsWith('result:')) {
    const key = nodeId.slice('result:'.length);
    const meta = state.meta[key];
    return {
      result: [
        { key: 'normalized', value: state.endpoints[key] as object },
        { key: 'fetching', value: key in state.fetching },
      ],
      meta: meta
        ? [
            { key: 'expiresAt', value: meta.expiresAt },
            { key: 'expiresIn (ms)', value: meta.expiresAt - controller.now() },
            { key: 'invalidated', value: meta.invalidated === true },
            { key: 'error', value: meta.error === undefined ? '' : String(meta.error) },
          ]
        : [],
    };
  }
  return {};
}

/** Registers the Tessera inspector and timeline layer with Vue devtools (development only). */
export function setupDevtools(app: App, tessera: Tessera): void {
  const { controller } = tessera;
  setupDevtoolsPlugin(
    {
      id: 'dev.tessera',
      label: 'Tessera',
      packageName: '@tessera/vue',
      app,
      enableEarlyProxy: true,
    },
    (api) => {
      api.addInspector({ id: INSPECTOR, label: 'Tessera', icon: 'storage' });
      api.addTimelineLayer({ id: LAYER, label: 'Tessera', color: 0x41b883 });
      api.on.getInspectorTree((payload) => {
        if (payload.inspectorId === INSPECTOR)
          payload.rootNodes = inspectorTree(controller.getState());
      });
      api.on.getInspectorState((payload) => {
        if (payload.inspectorId === INSPECTOR)
          payload.state = inspectorState(controller, payload.nodeId);
      });
      tessera.actions?.listen((action, time) => {
        api.addTimelineEvent({ layerId: LAYER, event: { time, ...describe(action) } });
      });
      const subscription = controller.state$.subscribe(() => {
        api.sendInspectorTree(INSPECTOR);
        api.sendInspectorState(INSPECTOR);
      });
      app.onUnmount(() => subscription.unsubscribe());
    },
  );
}

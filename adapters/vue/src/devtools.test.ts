import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from 'vue';
import { TodoResource } from '../../../tests/support/todoApi';
import { setupTodoApi } from '../test/setup';
import { createTessera } from './tessera';

const devtools = vi.hoisted(() => ({ setupDevtoolsPlugin: vi.fn() }));
vi.mock('@vue/devtools-api', () => devtools);

setupTodoApi();

type Handler = (payload: Record<string, unknown>) => void;

/** A stand-in for the devtools API that records what the plugin registers and sends. */
function fakeApi() {
  const handlers: Record<string, Handler> = {};
  const events: { title: string; subtitle: string }[] = [];
  return {
    handlers,
    events,
    api: {
      addInspector: vi.fn(),
      addTimelineLayer: vi.fn(),
      addTimelineEvent: ({ event }: { event: { title: string; subtitle: string } }) =>
        events.push(event),
      sendInspectorTree: vi.fn(),
      sendInspectorState: vi.fn(),
      on: {
        getInspectorTree: (handler: Handler) => (handlers.tree = handler),
        getInspectorState: (handler: Handler) => (handlers.state = handler),
      },
    },
  };
}

describe('devtools', () => {
  beforeEach(() => devtools.setupDevtoolsPlugin.mockClear());

  it('in development: an inspector of entities and results, and a timeline of actions', async () => {
    const tessera = createTessera();
    const app = createApp({ render: () => null }).use(tessera);
    await vi.waitFor(() => expect(devtools.setupDevtoolsPlugin).toHaveBeenCalledOnce());
    const [descriptor, setup] = devtools.setupDevtoolsPlugin.mock.calls[0];
    expect(descriptor).toMatchObject({ id: 'dev.tessera', app });
    const fake = fakeApi();
    setup(fake.api);
    expect(fake.api.addInspector).toHaveBeenCalledWith(expect.objectContaining({ id: 'tessera' }));

    await tessera.controller.fetch(TodoResource.get, { id: 1 });
    const key = TodoResource.get.key({ id: 1 });
    expect(fake.events.map((event) => event.title)).toEqual(['fetch', 'setResponse']);
    expect(fake.events[0].subtitle).toBe(key);
    expect(fake.api.sendInspectorTree).toHaveBeenCalled();

    const tree = {
      inspectorId: 'tessera',
      rootNodes: [] as { id: string; children: { id: string }[] }[],
    };
    fake.handlers.tree(tree);
    expect(tree.rootNodes.map((node) => node.id)).toEqual(['entities', 'results']);
    expect(tree.rootNodes[0].children.map((node) => node.id)).toEqual(['entity:Todo']);
    expect(tree.rootNodes[1].children.map((node) => node.id)).toEqual([`result:${key}`]);

    const state = {
      inspectorId: 'tessera',
      nodeId: `result:${key}`,
      state: {} as Record<string, { key: string; value: unknown }[]>,
    };
    fake.handlers.state(state);
    expect(state.state.meta.map((row) => row.key)).toContain('expiresIn (ms)');
    const entity = {
      inspectorId: 'tessera',
      nodeId: 'entity:Todo',
      state: {} as Record<string, { key: string; value: unknown }[]>,
    };
    fake.handlers.state(entity);
    expect(entity.state.entities.map((row) => row.key)).toEqual(['1']);
  });

  it('in production: nothing is registered', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      createApp({ render: () => null }).use(createTessera());
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(devtools.setupDevtoolsPlugin).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

// useLive with server pushes: a real WebSocket server (`ws`), read by Vue components and a
// vanilla reader of the same store, counted together.
import { Entity, RestEndpoint, setResponse } from '@tessera/core';
import { LiveManager, webSocketTransport } from '@tessera/core/live';
import { live as vanillaLive } from '@tessera/vanilla';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import { WebSocket } from 'ws';
import { type LiveServer, startLiveServer } from '../../../tests/support/liveServer';
import { mountToggled } from '../test/setup';
import { createTessera } from './tessera';
import { useLive } from './useDLE';

class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  version = 0;
}

let server: LiveServer;
beforeEach(async () => {
  server = await startLiveServer([{ id: 1, title: 'one', completed: false, version: 1 }]);
});
afterEach(() => server.stop());

it('useLive shows pushes; the topic is held until the last reader of any adapter leaves', async () => {
  const getTodo = new RestEndpoint({
    urlPrefix: server.url,
    path: '/todos/:id',
    schema: Todo,
    live: { topic: ({ id }) => `todo/${id}` },
  });
  const live = new LiveManager({ transport: webSocketTransport({ url: server.wsUrl, WebSocket }) });
  const tessera = createTessera({ managers: [live] });
  // Fresh data: the readers do not fetch.
  await setResponse(tessera.controller, getTodo, { id: 1 }, { ...server.todos.get(1) });
  const Title = defineComponent({
    setup() {
      const { data } = useLive(getTodo, { id: 1 });
      return () => h('p', data.value?.title);
    },
  });
  const first = mountToggled(tessera, Title);
  const second = mountToggled(tessera, Title);
  const stream = vanillaLive(tessera.controller, getTodo, { id: 1 });
  const seen: (string | undefined)[] = [];
  const stop = stream.listen((dle) => seen.push(dle.data?.title));
  await vi.waitFor(() => expect(server.received).toHaveLength(1));
  expect(server.received[0]).toEqual({ type: 'subscribe', topic: 'todo/1' });

  server.push('todo/1', { id: 1, title: 'pushed', completed: true, version: 2 });
  await vi.waitFor(() => expect(first.wrapper.text()).toBe('pushed'));
  expect(second.wrapper.text()).toBe('pushed');
  expect(seen.at(-1)).toBe('pushed');
  expect(server.requests).toEqual([]);

  first.shown.value = false;
  second.shown.value = false;
  await nextTick();
  expect(live.topics()).toEqual(['todo/1']);
  stop();
  await vi.waitFor(() => expect(server.sockets()).toBe(0));
  expect(live.status).toBe('idle');
  first.wrapper.unmount();
  second.wrapper.unmount();
});

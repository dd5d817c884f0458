import { type Component, mount, unmount } from 'svelte';
import { exposeBench } from '../../shared/probe';

/** Which todo the pane shows and whether the table is shown: plain state, the same everywhere. */
export class View {
  view = $state<'list' | 'detail'>('list');
  selected = $state(1);
  navigation = {
    select: (id: number) => void (this.selected = id),
    showDetail: () => void (this.view = 'detail'),
    showList: () => void (this.view = 'list'),
  };
}

/** `window.__bench.mount()` mounts a fresh root (and with it a fresh client); mounted at load. */
export function exposeSvelteApp(root: Component): void {
  const target = document.getElementById('app') as HTMLElement;
  let app: Record<string, unknown> | undefined;
  const stop = () => {
    if (app) unmount(app);
    app = undefined;
  };
  exposeBench({
    mount() {
      stop();
      app = mount(root, { target });
    },
    unmount: stop,
  });
  window.__bench.mount();
}

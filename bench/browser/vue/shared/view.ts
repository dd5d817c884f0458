import { type App, ref } from 'vue';
import { exposeBench } from '../../shared/probe';

/** Which todo the pane shows and whether the table is shown: plain state, the same everywhere. */
export function useView() {
  const view = ref<'list' | 'detail'>('list');
  const selected = ref(1);
  return {
    view,
    selected,
    navigation: {
      select: (id: number) => void (selected.value = id),
      showDetail: () => void (view.value = 'detail'),
      showList: () => void (view.value = 'list'),
    },
  };
}

/** `window.__bench.mount()` creates a fresh app (and with it a fresh client); mounted at load. */
export function exposeVueApp(create: () => App): void {
  let app: App | undefined;
  const unmount = () => {
    app?.unmount();
    app = undefined;
  };
  exposeBench({
    mount() {
      unmount();
      app = create();
      app.mount('#app');
    },
    unmount,
  });
  window.__bench.mount();
}

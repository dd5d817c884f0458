import { PiniaColada } from '@pinia/colada';
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import { exposeVueApp } from '../shared/view';
import App from './App.vue';

// staleTime as long as Tessera's default data expiry (60 s), as for TanStack.
exposeVueApp(() =>
  createApp(App)
    .use(createPinia())
    .use(PiniaColada, { queryOptions: { staleTime: 60_000 } }),
);

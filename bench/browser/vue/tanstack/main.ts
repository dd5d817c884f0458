import { QueryClient, VueQueryPlugin } from '@tanstack/vue-query';
import { createApp } from 'vue';
import { exposeVueApp } from '../shared/view';
import App from './App.vue';

// staleTime as long as Tessera's default data expiry (60 s): a list shown again within it is
// a cache hit with no background refetch (the docs' advice for data that changes only by us).
exposeVueApp(() =>
  createApp(App).use(VueQueryPlugin, {
    queryClient: new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } }),
  }),
);

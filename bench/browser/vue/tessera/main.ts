import { createTessera } from '@tessera/vue';
import { createApp } from 'vue';
import { exposeVueApp } from '../shared/view';
import App from './App.vue';

exposeVueApp(() => createApp(App).use(createTessera()));

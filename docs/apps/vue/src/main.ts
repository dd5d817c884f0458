import { createTessera } from '@tessera/vue';
import { createApp } from 'vue';
import App from './App.vue';

// The plugin creates the store; its managers start when the app mounts.
createApp(App).use(createTessera()).mount('#app');

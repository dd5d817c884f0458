import { createTessera } from '@tessera/vue';
import { createApp } from 'vue';
import App from './App.vue';
// The vanilla example's stylesheet (same markup classes), plus what this page adds.
import '../../vanilla/src/style.css';
import './vue.css';

const tessera = createTessera();
createApp(App).use(tessera).mount('#app');

// For the browser tests and the curious: `window.tessera.controller` in the console.
Object.assign(window, { tessera });

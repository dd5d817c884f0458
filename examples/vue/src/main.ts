import { createTessera } from '@tessera/vue';
import { createApp } from 'vue';
import App from './App.vue';
// The vanilla example's stylesheet (same markup classes), plus what this page adds.
import '../../vanilla/src/style.css';
import './vue.css';

createApp(App).use(createTessera()).mount('#app');

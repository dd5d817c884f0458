import { createTessera } from '@tessera/vue';
import { createApp } from 'vue';
import App from './App.vue';
import './style.css';

createApp(App).use(createTessera()).mount('#app');

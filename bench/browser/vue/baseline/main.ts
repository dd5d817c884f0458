import { createApp } from 'vue';
import { exposeVueApp } from '../shared/view';
import App from './App.vue';
import { createTodoStore, todoStoreKey } from './todoStore';

exposeVueApp(() => createApp(App).provide(todoStoreKey, createTodoStore()));

import { exposeSvelteApp } from '../shared/view.svelte';
import App from './App.svelte';

exposeSvelteApp(App);

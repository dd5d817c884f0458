import { exposeSvelteApp } from '../shared/view.svelte';
import Root from './Root.svelte';

exposeSvelteApp(Root);

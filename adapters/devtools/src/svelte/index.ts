// `<TesseraDevtools />` for Svelte (see the component).
export { default as TesseraDevtools } from './TesseraDevtools.svelte';

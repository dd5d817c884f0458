// The Svelte example's endpoints (themselves the Vue example's), as they are.
export * from '../../../svelte/src/api';

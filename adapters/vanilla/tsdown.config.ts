// Every package builds the same way (src/index.ts → dist, ESM with types): one config serves all.
export { default } from '../../core/tsdown.config';

export { type DehydratedState, dehydrate, hydrate } from './dehydrate';
export { serializeState } from './serializeState';

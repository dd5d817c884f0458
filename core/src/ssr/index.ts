export { type DehydratedState, dehydrate, hydrate } from './dehydrate';
export { serializeState } from './serializeState';
export { readStateScript, renderStateScript, STATE_SCRIPT_ID } from './stateScript';

// normalize / denormalize and the memo cache that keeps results referentially stable.

export { denormalize } from './denormalize';
export { type DenormalizeResult, MemoCache, type QueryState } from './MemoCache';
export { MAX_NORMALIZE_DEPTH, type NormalizedSchema, normalize } from './normalize';
export type { ChangedKeys, Changes } from './Changes';

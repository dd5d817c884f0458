// normalize / denormalize and the memo cache that keeps results referentially stable.

export type { ChangedKeys, Changes } from '../tables/Changes';
export { denormalize } from './denormalize';
export { type DenormalizeResult, MemoCache, type QueryState } from './MemoCache';
export { MAX_NORMALIZE_DEPTH, type NormalizedSchema, normalize } from './normalize';

// normalize / denormalize and the memo cache that keeps results referentially stable.

export { MAX_DENORMALIZE_DEPTH } from './DenormalizeWalker';
export { denormalize } from './denormalize';
export { type DenormalizeResult, MemoCache, type QueryState } from './MemoCache';
export { MAX_NORMALIZE_DEPTH, type NormalizedSchema, normalize } from './normalize';

// Types of mangle.mjs, for the test that checks the build against its names.
export interface MangleNames {
  /** Source name → the short name dist/ uses for it. */
  cache: Record<string, string>;
  /** Private member names kept as they are, each with the first reason found. */
  skipped: [string, string][];
  /** Where an object with renamed members is indexed by a key typed `string` (file:line). */
  computed: string[];
}

export function mangleNames(sourceRoot?: string): MangleNames;

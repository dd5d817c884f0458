// Types of size.mjs, for the tests that read its figures.
export interface SizeRow {
  id: string;
  label: string;
  /** Set when a package of the row is not installed. */
  skipped?: string;
  min?: number;
  gzip?: number;
  /** For a scenario that adds something to another (its `over`): the bytes it adds. */
  over?: { min: number; gzip: number };
}

export interface Sizes {
  rows: SizeRow[];
  /** `id`: a feature with a `carriedKB` budget in size-budgets.json. */
  features: { id?: string; name: string; added: number; unused: number }[];
  folders: [string, number][];
  /** The typical Vue app's minified bytes by part (core's folders, the adapter, dependencies). */
  typicalVue?: [string, number][];
}

export function measureSizes(): Promise<Sizes>;

export function printSizes(sizes: Sizes): void;

export function checkBudgets(rows: SizeRow[], features?: Sizes['features']): string[];

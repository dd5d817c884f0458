// Types of size.mjs, for the tests that read its figures.
export interface SizeRow {
  label: string;
  /** Set when a package of the row is not installed. */
  skipped?: string;
  min?: number;
  gzip?: number;
  /** For a row that adds something to another: the bytes it adds. */
  over?: { min: number; gzip: number };
}

export const scenarios: [string, string, string[], { over: string }?][];

export function measureSizes(): Promise<{ rows: SizeRow[]; folders: [string, number][] }>;

export function printSizes(sizes: { rows: SizeRow[]; folders: [string, number][] }): void;

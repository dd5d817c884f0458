export function docsPages(dir?: string): string[];
export function withCopies(page: string, read?: (path: string) => string): string;

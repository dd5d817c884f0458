/**
 * True unless `process.env.NODE_ENV` is `'production'`. Bundlers replace that expression, so a
 * production build folds this to `false` and drops what it guards; without a bundler in a
 * browser (no `process` at all) it is development.
 */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return true;
  }
}

/** `console.warn` in development only; the message is built only when it is shown. */
export function warnInDevelopment(message: () => string): void {
  if (isDevelopment()) console.warn(message());
}

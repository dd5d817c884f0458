/**
 * Development-only text (docs/reference/messages.md). Every error Tessera throws has a short
 * stable code: production builds carry only that code and the key values, development builds
 * the full explanation (warnings are development-only). Each site is written the same way:
 *
 *   message(`TSR44 ${key}`, () =>
 *     process.env.NODE_ENV !== 'production' && `RestEndpoint option "${key}" is not allowed`)
 *
 * The condition must be written out at the site: bundlers replace `process.env.NODE_ENV`, and
 * only then can the minifier see `false && '...'` and drop the long text (behind a function
 * call such as `isDevelopment()` it would stay). It sits inside the arrow so that reading it
 * never throws: a browser without a bundler has no `process`, and there the ReferenceError is
 * caught and the short form is used. A `typeof process` test instead would not do: it cannot be
 * folded away in production, and in a bundled development build for the browser (Vite's dev
 * server) it would choose the short form.
 */
export function message(short: string, development: () => string | false): string {
  try {
    return development() || short;
  } catch {
    return short;
  }
}

/** `console.warn` in development only (written like `message`'s argument). */
export function warnInDevelopment(development: () => string | false): void {
  let text: string | false = false;
  try {
    text = development();
  } catch {
    // No `process`: a browser without a bundler, which gets no warnings.
  }
  if (text) console.warn(text);
}

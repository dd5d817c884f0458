// Reading Markdown in tests.

/** The Markdown text outside fenced code blocks. */
export function prose(markdown: string): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .filter((line) => {
      const marker = /^\s*(`{3,})/.exec(line)?.[1];
      if (fence === undefined) {
        if (marker) fence = marker;
      } else if (marker?.startsWith(fence)) {
        fence = undefined;
        return false;
      }
      return fence === undefined;
    })
    .join('\n');
}

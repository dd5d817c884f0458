/** Creates an element with properties, attributes (`data-*`, `aria-*`) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> &
    Record<`data-${string}` | `aria-${string}`, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (name.startsWith('data-') || name.startsWith('aria-'))
      element.setAttribute(name, String(value));
    else (element as unknown as Record<string, unknown>)[name] = value;
  }
  element.append(...children);
  return element;
}

/** The element with this id; throws when the page lacks it. */
export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return element as T;
}

/** A readable message for whatever a request failed with (NetworkError names its status). */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

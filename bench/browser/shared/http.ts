// The fetch helpers the apps without a REST layer of their own write (TanStack, Colada, baseline).

export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return response.json() as Promise<T>;
}

/** A mutation; resolves to the server's answer (undefined for 204). */
export async function send<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

// Real servers for the live data tests (core and adapters): one node:http server answering a
// small todo REST API and Server-Sent Events (`/events?topic=`), and a WebSocket server (`ws`)
// on the same port.
// Each can drop its connections, stop, and start again on the same port.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

export interface TodoRow {
  id: number;
  title: string;
  completed: boolean;
  version: number;
}

export interface LiveServer {
  /** `http://127.0.0.1:port` */
  readonly url: string;
  /** `ws://127.0.0.1:port/live` */
  readonly wsUrl: string;
  readonly todos: Map<number, TodoRow>;
  /** Requests the REST API answered, as `METHOD path`. */
  readonly requests: string[];
  /** Messages the WebSocket clients sent (parsed). */
  readonly received: { type: string; topic: string }[];
  /** Open event streams per topic, and open WebSocket clients. */
  streams(topic?: string): number;
  sockets(): number;
  /** Sends `data` on `topic` to every event stream and subscribed socket. */
  push(topic: string, data: unknown): void;
  /** Sends raw text on the topic's streams and to every socket (bad input). */
  pushRaw(topic: string, text: string): void;
  /** Holds PATCH requests until the returned function is called: then saved, or failed (500). */
  holdPatches(): (outcome?: 'save' | 'fail') => void;
  /** Closes every connection; the server keeps listening. */
  drop(): void;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startLiveServer(seed: TodoRow[]): Promise<LiveServer> {
  const todos = new Map(seed.map((todo) => [todo.id, { ...todo }]));
  const requests: string[] = [];
  const received: { type: string; topic: string }[] = [];
  const streams = new Map<ServerResponse, string>();
  const topicsOf = new Map<WebSocket, Set<string>>();
  let held: Promise<'save' | 'fail'> | undefined;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
      res.write(': open\n\n');
      streams.set(res, url.searchParams.get('topic') ?? '');
      res.on('close', () => streams.delete(res));
      return;
    }
    requests.push(`${req.method} ${url.pathname}`);
    if (url.pathname === '/todos') return json(res, 200, [...todos.values()]);
    const id = Number(/^\/todos\/(\d+)$/.exec(url.pathname)?.[1]);
    const todo = todos.get(id);
    if (!todo) return json(res, 404, { error: 'not found' });
    if (req.method === 'PATCH') {
      let body = '';
      for await (const chunk of req) body += chunk;
      if ((await held) === 'fail') return json(res, 500, { error: 'failed' });
      const next = { ...todo, ...JSON.parse(body), id, version: todo.version + 1 };
      todos.set(id, next);
      return json(res, 200, next);
    }
    json(res, 200, todo);
  };

  const http = createServer((req, res) => void handle(req, res));
  const wss = new WebSocketServer({ noServer: true });
  http.on('upgrade', (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (client) => {
      topicsOf.set(client, new Set());
      client.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as { type: string; topic: string };
        received.push(message);
        if (message.type === 'subscribe') topicsOf.get(client)?.add(message.topic);
        else topicsOf.get(client)?.delete(message.topic);
      });
      client.on('close', () => topicsOf.delete(client));
    });
  });

  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      http.listen(port, '127.0.0.1', () => {
        port = (http.address() as AddressInfo).port;
        resolve();
      });
    });
  const drop = () => {
    for (const res of streams.keys()) res.destroy();
    for (const client of topicsOf.keys()) client.terminate();
  };
  await start();

  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/live`,
    todos,
    requests,
    received,
    streams: (topic) =>
      [...streams.values()].filter((open) => topic === undefined || open === topic).length,
    sockets: () => topicsOf.size,
    push(topic, data) {
      const text = JSON.stringify(data);
      for (const [res, open] of streams) if (open === topic) res.write(`data: ${text}\n\n`);
      for (const [client, topics] of topicsOf) {
        if (topics.has(topic)) client.send(JSON.stringify({ topic, data }));
      }
    },
    pushRaw(topic, text) {
      for (const [res, open] of streams) if (open === topic) res.write(`data: ${text}\n\n`);
      for (const client of topicsOf.keys()) client.send(text);
    },
    holdPatches() {
      let release = (_outcome: 'save' | 'fail') => {};
      held = new Promise((resolve) => (release = resolve));
      return (outcome = 'save') => {
        // Requests still reading their body when this is called get the same outcome.
        held = Promise.resolve(outcome);
        release(outcome);
      };
    },
    drop,
    stop: () =>
      new Promise<void>((resolve) => {
        drop();
        http.close(() => resolve());
        http.closeAllConnections();
      }),
    start,
  };
}

/**
 * Follows the timers `LiveManager` sets (by the stack of each `setTimeout` call): `pending()` is
 * how many neither fired nor were cleared. Call `restore()` after.
 */
export function trackManagerTimers(): { pending(): number; created(): number; restore(): void } {
  const original = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
  const open = new Set<unknown>();
  let created = 0;
  globalThis.setTimeout = ((
    callback: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    // The caller's frame (the third line: after the message and this function).
    const ours = /LiveManager/.test((new Error().stack ?? '').split('\n')[2] ?? '');
    const handle = original.setTimeout(
      (...given: unknown[]) => {
        open.delete(handle);
        callback(...given);
      },
      ms,
      ...args,
    );
    if (ours) {
      open.add(handle);
      created += 1;
    }
    return handle;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((handle: Parameters<typeof clearTimeout>[0]) => {
    open.delete(handle);
    original.clearTimeout(handle);
  }) as typeof clearTimeout;
  return {
    pending: () => open.size,
    created: () => created,
    restore: () => Object.assign(globalThis, original),
  };
}

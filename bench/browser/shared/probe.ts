// What every benchmark app exposes on `window.__bench` for the driver (run.mjs): the same
// actions under the same names, a row render counter, the mock API's request counter, and
// `measure`, which times an action in the page until the DOM shows its outcome.
import { type ApiStats, installMockApi } from './mock-api';

/** What the app's UI would do on a click, each the contender's idiomatic way. */
export interface BenchActions {
  select(id: number): void;
  showDetail(): void;
  showList(): void;
  updateTodo(id: number, title: string): void;
  renameUser(id: number, name: string): void;
  createTodo(title: string, userId: number): void;
  deleteTodo(id: number): void;
  /**
   * The title change as the contender's docs make it optimistic: the new title shows before the
   * server answers, and a server error puts the old one back.
   */
  updateTodoOptimistic(id: number, title: string): void;
}

/** A DOM outcome the driver waits for; every listed part must hold. */
export interface Outcome {
  /** `#rows` holds this many rows. */
  rows?: number;
  /** Each selector's element has exactly this text. */
  texts?: [selector: string, text: string][];
  /** Each of these selectors matches. */
  present?: string[];
  /** None of these selectors matches. */
  absent?: string[];
}

export interface Measurement {
  /** From the action's start to the MutationObserver callback that saw the outcome. */
  ms: number;
  /** Requests the action caused, counted once the page is idle again. */
  requests: number;
  /** Row components rendered (mounted or updated), counted once the page is idle again. */
  renders: number;
}

interface Bench {
  mount(): void;
  unmount(): void;
  actions?: BenchActions;
  renders: number;
  api: ApiStats;
  measure(action: () => void, outcome: Outcome): Promise<Measurement>;
  act(name: keyof BenchActions, args: unknown[], outcome: Outcome): Promise<Measurement>;
  idle(): Promise<void>;
}

declare global {
  interface Window {
    __bench: Bench;
  }
}

const params = new URLSearchParams(location.search);

/** `?rows=N&latency=MS` on the page URL configure the API. */
export const api = installMockApi({
  rows: Number(params.get('rows') ?? 1000),
  latency: Number(params.get('latency') ?? 0),
});

/** Called by the shared row component each time it renders. */
export function countRender(): void {
  window.__bench.renders += 1;
}

/** The app's actions, registered by its root component while mounted. */
export function registerActions(actions: BenchActions): void {
  window.__bench.actions = actions;
}

function holds(outcome: Outcome): boolean {
  if (outcome.rows !== undefined) {
    if (document.querySelectorAll('#rows > tr').length !== outcome.rows) return false;
  }
  for (const [selector, text] of outcome.texts ?? []) {
    if (document.querySelector(selector)?.textContent !== text) return false;
  }
  for (const selector of outcome.present ?? []) {
    if (!document.querySelector(selector)) return false;
  }
  for (const selector of outcome.absent ?? []) {
    if (document.querySelector(selector)) return false;
  }
  return true;
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** Resolves once no request is in flight and the DOM did not change for two frames. */
async function idle(): Promise<void> {
  let changed = true;
  const observer = new MutationObserver(() => (changed = true));
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  try {
    while (changed || api.inFlight > 0) {
      changed = false;
      await frame();
      await frame();
    }
  } finally {
    observer.disconnect();
  }
}

function measure(action: () => void, outcome: Outcome): Promise<Measurement> {
  const requests = api.requests;
  const renders = window.__bench.renders;
  return new Promise<number>((resolve, reject) => {
    let start = 0;
    let done = false;
    const observer = new MutationObserver(() => {
      if (holds(outcome)) finish();
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`outcome not reached in 10 s: ${JSON.stringify(outcome)}`));
    }, 10_000);
    function finish() {
      if (done) return;
      done = true;
      const ms = performance.now() - start;
      clearTimeout(timer);
      observer.disconnect();
      resolve(ms);
    }
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    start = performance.now();
    action();
    // A synchronous render shows it before any observer callback.
    if (holds(outcome)) finish();
  }).then(async (ms) => {
    await idle();
    return {
      ms,
      requests: api.requests - requests,
      renders: window.__bench.renders - renders,
    };
  });
}

/** Installs `window.__bench` for an app; `mount` creates a fresh client and mounts it. */
export function exposeBench(app: { mount(): void; unmount(): void }): void {
  window.__bench = {
    ...app,
    renders: 0,
    api,
    measure,
    act(name, args, outcome) {
      const actions = window.__bench.actions;
      if (!actions) return Promise.reject(new Error('no app mounted'));
      return measure(() => (actions[name] as (...a: unknown[]) => void)(...args), outcome);
    },
    idle,
  };
}

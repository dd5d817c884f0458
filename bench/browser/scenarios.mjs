// The measured scenarios. Each step runs in the page (window.__bench, shared/probe.ts) and
// resolves to { ms, requests, renders }. `rows` names the page (API size) a scenario runs on.
// Todo 1 is in the table and the detail pane; user 1 is on rows 1, 11, …, 991 and in the pane.

const row = (id, field) => `#rows > tr[data-id="${id}"] > .${field}`;

export const scenarios = [
  {
    key: 'load100',
    title: 'first load, 100 rows',
    rows: 100,
    step: () => ({ mount: true, outcome: { rows: 100, present: ['#detail'] } }),
  },
  {
    key: 'load1000',
    title: 'first load, 1,000 rows',
    rows: 1000,
    step: () => ({ mount: true, outcome: { rows: 1000, present: ['#detail'] } }),
  },
  {
    key: 'update',
    title: 'update one todo (row + pane)',
    rows: 1000,
    step: (i) => {
      const title = `Todo 1, edit ${i}`;
      return {
        action: 'updateTodo',
        args: [1, title],
        outcome: {
          texts: [
            [row(1, 'title'), title],
            ['#detail .title', title],
          ],
        },
      };
    },
  },
  {
    key: 'rename',
    title: 'rename a user (100 of 1,000 rows + pane)',
    rows: 1000,
    step: (i) => {
      const name = `User 1, edit ${i}`;
      const texts = [
        [row(1, 'user'), name],
        [row(991, 'user'), name],
        ['#detail .user', name],
      ];
      return { action: 'renameUser', args: [1, name], outcome: { texts } };
    },
  },
  {
    key: 'create',
    title: 'create a todo at the start',
    rows: 1000,
    step: (i) => {
      const title = `New todo ${i}`;
      return {
        action: 'createTodo',
        args: [title, 2],
        outcome: { texts: [['#rows > tr:first-child > .title', title]] },
      };
    },
  },
  {
    key: 'delete',
    title: 'delete one todo',
    rows: 1000,
    step: (i) => ({
      action: 'deleteTodo',
      args: [500 + i],
      outcome: { absent: [`#rows > tr[data-id="${500 + i}"]`] },
    }),
  },
  {
    key: 'optimistic',
    title: 'optimistic update of one todo (row + pane)',
    rows: 1000,
    // Where waiting for the server shows: the API's latency is the point of being optimistic.
    latencies: [50, 300],
    step: (i) => {
      const title = `Todo 1, optimistic ${i}`;
      return {
        action: 'updateTodoOptimistic',
        args: [1, title],
        outcome: {
          texts: [
            [row(1, 'title'), title],
            ['#detail .title', title],
          ],
        },
      };
    },
  },
  {
    key: 'rollback',
    title: 'optimistic update the server refuses (shown, then rolled back)',
    rows: 1000,
    latencies: [50, 300],
    // The mock API refuses titles starting with REFUSED (shared/mock-api.ts).
    step: (i) => ({ rollback: { id: 1, title: `REFUSED ${i}`, row: row(1, 'title') } }),
  },
  {
    key: 'navigate',
    title: 'list → detail → list (cached)',
    rows: 1000,
    step: () => ({ navigate: true }),
  },
];

/**
 * Runs one step in the page. The page is brought to the front first: Chromium gives animation
 * frames only to the front tab, and `idle()` waits for frames.
 */
export async function runStep(page, step) {
  await page.bringToFront();
  return page.evaluate(async (step) => {
    const bench = window.__bench;
    if (step.mount) {
      bench.unmount();
      await bench.idle();
      return bench.measure(() => bench.mount(), step.outcome);
    }
    if (step.rollback) {
      // Time to show the refused title; then the old title must be back in the row and the
      // pane once the error has come in (`act` waits for the page to be idle).
      const { id, title, row } = step.rollback;
      const before = document.querySelector(row)?.textContent ?? '';
      const texts = (text) => [
        [row, text],
        ['#detail .title', text],
      ];
      const shown = await bench.act('updateTodoOptimistic', [id, title], { texts: texts(title) });
      const back = await bench.measure(() => {}, { texts: texts(before) });
      return { ...shown, rolledBack: back.ms < 100 };
    }
    if (step.navigate) {
      const rows = document.querySelectorAll('#rows > tr').length;
      const away = await bench.act('showDetail', [], { absent: ['#rows'], present: ['#detail'] });
      const back = await bench.act('showList', [], { rows });
      return {
        ms: away.ms + back.ms,
        requests: away.requests + back.requests,
        renders: away.renders + back.renders,
      };
    }
    return bench.act(step.action, step.args, step.outcome);
  }, step);
}

/** Heap in use after a full garbage collection, through the DevTools protocol. */
async function usedHeap(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

/**
 * Heap before and after `cycles` mount/unmount cycles of the table (list → detail → list, the
 * client and its cache staying). Fifty cycles first: the heap keeps growing by a few hundred kB
 * over the first ~100 mounts in every app, the baseline too (compiled code, feedback, Vue's and
 * V8's caches), and only a steady start shows what a cycle leaves behind.
 */
export async function heapCycles(page, cycles) {
  const cdp = await page.context().newCDPSession(page);
  try {
    for (let cycle = 0; cycle < 50; cycle += 1) await runStep(page, { navigate: true });
    const start = await usedHeap(cdp);
    for (let cycle = 0; cycle < cycles; cycle += 1) await runStep(page, { navigate: true });
    const end = await usedHeap(cdp);
    return { cycles, start, end, change: (end - start) / start };
  } finally {
    await cdp.detach();
  }
}

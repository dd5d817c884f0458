// Runs the API on its own: `npx tsx examples/server/src/main.ts [--port 3001] [--latency 300]`.
import { parseArgs } from 'node:util';
import { startServer } from './server';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '3001' }, latency: { type: 'string', default: '0' } },
});
const server = await startServer({
  port: Number(values.port),
  latency: Number(values.latency),
  cors: true,
});
console.log(`Tessera example API on ${server.url}/api`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}

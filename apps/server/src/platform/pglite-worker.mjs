// The embedded database in a thread of its own: PGlite (PostgreSQL compiled to WebAssembly) runs
// each statement synchronously, so in the main thread one slow statement would stop every HTTP
// answer. Here it only keeps the database busy; the main thread's driver gives up on it after the
// statement timeout and the server goes on answering. Plain JavaScript, so it runs unchanged
// from the sources (tests, tsx) and beside the bundle (dist/). See docs/decisions/0008.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, postgresqlconf } = workerData;
const pglite = await PGlite.create(dataDir ? { dataDir, postgresqlconf } : { postgresqlconf });
// Room for one replacement connection while a closed one is still being detached; the app's
// pool never has more than one open (pglite-socket mixes the messages of concurrent connections).
const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 2 });
await server.start();
parentPort.on('message', async (message) => {
  if (message !== 'close') return;
  try {
    await server.stop();
    await pglite.close();
  } finally {
    parentPort.postMessage({ type: 'closed' });
  }
});
parentPort.postMessage({ type: 'ready', conn: server.getServerConn() });

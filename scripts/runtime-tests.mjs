// The server test files that `npm test` runs on the embedded database (PGlite) on the second Node
// version too (SECOND_NODE: Node 24 in CI, see .ci/run). Every server file runs on PGlite on the
// first Node and on PostgreSQL on the second (scripts/test-all.mjs), so every test meets both
// databases and both Node versions, and what depends on the Node runtime (threads, processes,
// node:crypto, node:zlib, streams and sockets, sharp, fonts, the PDF render) runs on the second
// Node in the PostgreSQL pass.
//
// What that leaves untried is the embedded database itself on the second Node: PGlite is
// WebAssembly run by Node, with its own worker thread in the server and one backend session that
// the app, the migrations and the job queue share. The rule: a file belongs here when its tests
// assert on what the embedded database does under the runtime — its connection and limits, many
// requests and transactions sharing its one session, the job queue on it, a slow statement given
// up, shutdown with requests in flight, the event loop kept free while it works. Until
// 2026-11-28 the list also held every file that uploads an image, reads a spreadsheet or renders
// a PDF (42 files, 5.4 min of CI): those run on the second Node on PostgreSQL already, where the
// runtime does the same work. Keep the list sorted; test-all.mjs fails when a file named here does
// not exist.
export const RUNTIME_TESTS = [
  'apps/server/src/platform/concurrency.test.ts',
  'apps/server/src/platform/data-changes.test.ts',
  'apps/server/src/platform/database.test.ts',
  'apps/server/src/platform/deadline.test.ts',
  'apps/server/src/platform/heavy-tasks.test.ts',
  'apps/server/src/platform/jobs.test.ts',
  'apps/server/src/shutdown.test.ts',
];

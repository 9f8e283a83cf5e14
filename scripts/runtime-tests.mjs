// The server test files that `npm test` runs on the embedded database (PGlite) on another Node
// version too (SECOND_NODE: Node 24 in CI, see .ci/run). Every server file runs on PGlite on the
// first Node and on PostgreSQL on the second (scripts/test-all.mjs); these also on PGlite on the
// second.
//
// The rule: a test file belongs here when one of its tests asserts on what the Node runtime or a
// native module itself does, so that another Node version could change the answer:
//   - threads and processes the server starts: the PGlite worker thread, the worker tasks (image
//     decodes, the course-import and member-sheet readers, the PDF renderer), the jobs' child
//     process, signals and shutdown;
//   - node:crypto (password hashes, session and reset tokens, signed file URLs), node:zlib (the zip
//     guard, XLSX files, prepared gzip/brotli answers), TextDecoder's encodings (Windows-1252, UTF-16);
//   - streams and sockets: multipart uploads, files served from disk, the S3 storage, fetch and
//     real listening servers, timers and abort signals (deadlines, the event loop kept free);
//   - native modules and binaries: sharp's image decodes and encodes, fonts and the PDF render.
// A file whose tests only check the area's own rules through the API and the database (validation,
// permissions, lists, the seed, pure geometry) does not belong here: it runs on the first Node on
// PGlite and on the second on PostgreSQL. A new area adds its test file here when the file meets the rule (e.g. it
// uploads an image, reads a spreadsheet, renders a PDF, or starts a worker or a process); keep the
// list sorted. test-all.mjs fails when a file named here does not exist.
export const RUNTIME_TESTS = [
  'apps/server/src/modules/clubs/app-keys.test.ts',
  'apps/server/src/modules/clubs/club-content.test.ts',
  'apps/server/src/modules/communication/announcement.test.ts',
  'apps/server/src/modules/communication/connections.test.ts',
  'apps/server/src/modules/communication/external-feeds.test.ts',
  'apps/server/src/modules/communication/feed.test.ts',
  'apps/server/src/modules/communication/outbound.test.ts',
  'apps/server/src/modules/communication/public-feed.test.ts',
  'apps/server/src/modules/communication/push-crash.test.ts',
  'apps/server/src/modules/communication/push-delivery.test.ts',
  'apps/server/src/modules/communities/comments.test.ts',
  'apps/server/src/modules/communities/communities.test.ts',
  'apps/server/src/modules/communities/posts.test.ts',
  'apps/server/src/modules/course-import/course-import-scale.test.ts',
  'apps/server/src/modules/course-import/course-import.test.ts',
  'apps/server/src/modules/gallery/gallery.test.ts',
  'apps/server/src/modules/members/members.test.ts',
  'apps/server/src/modules/members/parse.test.ts',
  'apps/server/src/modules/members/upload-limits.test.ts',
  'apps/server/src/modules/products/generation/generation.test.ts',
  'apps/server/src/modules/products/generation/product-files.test.ts',
  'apps/server/src/modules/products/generation/sponsors-in-guide.test.ts',
  'apps/server/src/modules/products/products.test.ts',
  'apps/server/src/modules/products/render/guide-pages.test.ts',
  'apps/server/src/modules/products/render/render.test.ts',
  'apps/server/src/modules/session/password-reset.test.ts',
  'apps/server/src/modules/session/session.test.ts',
  'apps/server/src/modules/sponsors/sponsors.test.ts',
  'apps/server/src/platform/auth.test.ts',
  'apps/server/src/platform/concurrency.test.ts',
  'apps/server/src/platform/database.test.ts',
  'apps/server/src/platform/deadline.test.ts',
  'apps/server/src/platform/heavy-tasks.test.ts',
  'apps/server/src/platform/image-uploads.test.ts',
  'apps/server/src/platform/jobs.test.ts',
  'apps/server/src/platform/prepared-compression.test.ts',
  'apps/server/src/platform/security-headers.test.ts',
  'apps/server/src/platform/storage.test.ts',
  'apps/server/src/platform/uploads.test.ts',
  'apps/server/src/platform/worker-tasks.test.ts',
  'apps/server/src/platform/zip-guard.test.ts',
  'apps/server/src/shutdown.test.ts',
];

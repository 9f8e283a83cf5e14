// Zod compiles object parsers with `new Function` where it may, and probes for that on the first
// parse. Under the server's Content-Security-Policy (script-src 'self', no 'unsafe-eval') the probe
// fails and the browser reports a violation, although zod catches it. Parsing without the compiled
// fast path is plenty for the console's forms and answers. Imported first by main.tsx.
//
// Zod keeps its settings in one object on globalThis (`__zod_globalConfig`, shared by every copy of
// zod, created by the first one loaded), so this sets `jitless` there without importing zod: zod is
// then loaded only by the screens that parse with it, not by the sign-in page (issue 9).
// zod-jitless.test.ts checks that zod sees it.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(shared.__zod_globalConfig ??= {}).jitless = true;

export {};

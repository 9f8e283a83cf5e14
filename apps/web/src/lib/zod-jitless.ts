import { config } from 'zod';

// Zod compiles object parsers with `new Function` where it may, and probes for that on the first
// parse. Under the server's Content-Security-Policy (script-src 'self', no 'unsafe-eval') the probe
// fails and the browser reports a violation, although zod catches it. Parsing without the compiled
// fast path is plenty for the console's forms and answers. Imported first by main.tsx.
config({ jitless: true });

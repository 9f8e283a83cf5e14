#!/usr/bin/env node
// `npm start`: install what is missing, build what is stale, then run the server (which migrates,
// seeds a demo on first run and serves the console). Plain Node, no dependencies, so it works on a
// fresh clone before `npm install`.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './prepare.mjs';

if (!ensureInstalled() || !ensureBuilt()) process.exit(1);

// Serve. Signals are passed on so the embedded database closes cleanly.
const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

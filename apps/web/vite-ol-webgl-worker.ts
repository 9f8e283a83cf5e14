import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import type { Plugin } from 'vite';

/**
 * OpenLayers' WebGL layers (the insights heatmap's `ol/layer/Heatmap`) start a Web Worker from a
 * blob: address made of source text inlined in `ol/worker/webgl.js`; the Content-Security-Policy
 * (`worker-src 'self'`, apps/server/src/platform/security-headers.ts) refuses that, and the layer
 * then draws nothing. In the build this plugin writes the same worker source as a file of the app
 * (`assets/ol-webgl-worker-<hash>.js`, same origin) and replaces the module with one that starts
 * the worker from that file. The dev server sends no policy and keeps OpenLayers' own module.
 */
export function olWebglWorker(): Plugin {
  return {
    name: 'ol-webgl-worker',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!id.replace(/\\/g, '/').replace(/\?.*$/, '').endsWith('/ol/worker/webgl.js')) return null;
      const text = readFileSync(id.replace(/\?.*$/, ''), 'utf8');
      const literal = /const source = ("(?:[^"\\]|\\[\s\S])*");/.exec(text)?.[1];
      if (!literal) throw new Error(`ol-webgl-worker: no worker source found in ${id} (has OpenLayers changed how it builds its worker?)`);
      // The string literal as JavaScript reads it (evaluated at build time, in an empty context).
      const source = runInNewContext(literal) as string;
      const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
      const fileName = `assets/ol-webgl-worker-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      return `/** OpenLayers' WebGL worker, started from a file of the app (vite-ol-webgl-worker.ts). */
export function create() {
  return new Worker(new URL(${JSON.stringify('/' + fileName)}, self.location.origin));
}
`;
    },
  };
}

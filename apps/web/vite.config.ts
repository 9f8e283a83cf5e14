import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { olWebglWorker } from './vite-ol-webgl-worker';

export default defineConfig({
  plugins: [
    react(),
    // The heatmap's WebGL worker as a file of the app, which the Content-Security-Policy allows.
    olWebglWorker(),
    VitePWA({
      // The app shows an 'Update now' button (useRegisterSW) instead of reloading on its own.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Golf Console',
        short_name: 'Golf Console',
        description: 'Back-office console for golf clubs',
        theme_color: '#1f6f43',
        background_color: '#f4f6f4',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        navigateFallback: '/index.html',
        // The API is never answered from the service worker's cache.
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The entry chunk holds React, the router, MUI's core and i18next (about 540 kB, 172 kB gzip).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (React, the router, MUI's core, i18next, the
        // session) in one file rather than a dozen small shared ones, which compress worse (issue 9).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
  preview: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
});

import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: {
      // The PWA plugin's virtual module exists only in a Vite build; tests use a stand-in.
      'virtual:pwa-register/react': fileURLToPath(new URL('./src/testing/pwa-register-stub.ts', import.meta.url)),
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    // A test that renders MUI screens in jsdom takes seconds, and ten times as long on a busy
    // 2-core machine (the whole web project beside other suites).
    testTimeout: 30_000,
  },
});

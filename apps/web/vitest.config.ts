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
  },
});

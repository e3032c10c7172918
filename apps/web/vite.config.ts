import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const outDir = path.resolve(import.meta.dirname, 'dist');

/** The server answers unknown paths with dist/404.html; the SPA then draws its not-found page. */
function notFoundPage(): Plugin {
  return {
    name: 'sente-404-page',
    apply: 'build',
    async writeBundle() {
      await copyFile(path.join(outDir, 'index.html'), path.join(outDir, '404.html'));
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), notFoundPage()],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir,
    emptyOutDir: true,
  },
});

import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const outDir = path.resolve(import.meta.dirname, 'dist');

// Two builds (package.json "build"): the browser build below, with two HTML entries (index.html: the
// back-office single-page app; site.html: the template of every prerendered public page), and an SSR
// build of src/entry-server.tsx that scripts/prerender.mjs uses to write the public pages into dist.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  // The contract is TypeScript source: bundle it rather than import it at prerender time.
  ssr: { noExternal: ['@sente/contract'] },
  build: isSsrBuild
    ? { outDir: path.resolve(import.meta.dirname, '.ssr'), emptyOutDir: true }
    : {
        outDir,
        emptyOutDir: true,
        manifest: true,
        // Every browser the site supports has modulepreload; the polyfill would cost every page bytes.
        modulePreload: { polyfill: false },
        rollupOptions: {
          input: {
            main: path.resolve(import.meta.dirname, 'index.html'),
            site: path.resolve(import.meta.dirname, 'site.html'),
          },
          output: {
            // React on its own, so the public pages share it without pulling in the router the SPA needs.
            manualChunks(id) {
              if (/node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
              if (/node_modules[\\/]react-router[\\/]/.test(id)) return 'router';
              // What every part shares (theme, links, buttons, logo, icons, money formats): a small chunk
              // of its own, so the back-office and the app load it without the public site's code.
              if (
                /[\\/]src[\\/](lib[\\/](theme-provider|paths|use-document-title)|ui[\\/](class-names|button|container|icon|logo|text-link|theme-toggle))\.tsx?$/.test(
                  id,
                ) ||
                /[\\/]contract[\\/]src[\\/](money|rate)\.ts$/.test(id) ||
                // Vite's helper behind every lazy import(): without this it lands in site-shared.
                id.includes('vite/preload-helper')
              ) {
                return 'core';
              }
              // The app's own small modules in two chunks rather than a dozen: on a phone's connection
              // each request costs a round trip, and the browser opens six at a time. The session
              // store and the form primitives the sign-in screen needs, then the data layer every
              // screen behind sign-in needs (TanStack Query, the API client, the app's session).
              if (
                /[\\/]src[\\/](app[\\/]session[\\/](app-session|use-app-session)|lib[\\/]session-store|ui[\\/](field|alert))\.tsx?$/.test(
                  id,
                )
              ) {
                return 'app-session';
              }
              if (
                /node_modules[\\/]@tanstack[\\/]/.test(id) ||
                /[\\/]src[\\/](lib[\\/](api-client|session|query-client|query-key)|app[\\/]session[\\/](app-api|app-query-client|sign-in|failure))\.ts$/.test(
                  id,
                ) ||
                /[\\/]contract[\\/]src[\\/](route-addresses|documents|kampala-time)\.ts$/.test(id)
              ) {
                return 'app-data';
              }
              // The zod-free parts of the contract the app's home needs, named here: left to Rollup,
              // they would join the schemas' chunk below, which re-exports them.
              if (/[\\/]contract[\\/]src[\\/](route-addresses|documents|kampala-time)\.ts$/.test(id)) {
                return 'contract-light';
              }
              // zod and the contract's schemas in a chunk of their own, which the app's first screens
              // never load: the app calls routes by address (@sente/contract/routes) and the client
              // checks answers against the schemas only in development (docs/app.md).
              if (
                /node_modules[\\/]zod[\\/]/.test(id) ||
                (/[\\/]contract[\\/]src[\\/]/.test(id) &&
                  !/[\\/](money|rate|kampala-time|schedule|phone|documents|route-addresses|route)\.ts$/.test(
                    id,
                  ))
              ) {
                return 'contract';
              }
              // The public site's shared parts in one request rather than a dozen small ones on slow
              // networks; pages, forms, the calculator (two pages use it) and the long texts (legal,
              // blog, about) stay in their own chunks.
              if (
                /[\\/]src[\\/]site[\\/]/.test(id) &&
                !/[\\/](pages|forms)[\\/]|calculator[\\/](loan-calculator|calculate-loan)|legal|blog|about|site-route/.test(
                  id,
                )
              ) {
                return 'site-shared';
              }
              return undefined;
            },
          },
        },
      },
}));

// Writes every public page of the spec's route table into dist as real HTML (issue #6):
//   /            → dist/landing.html   (dist/index.html stays the back-office single-page app shell)
//   /<route>     → dist/<route>/index.html
//   not found    → dist/404.html       (the server answers it with HTTP 404)
// plus robots.txt and sitemap.xml. Runs after `vite build` and `vite build --ssr src/entry-server.tsx`.
// Every page carries the loan types its calculator was rendered with (docs/site.md, "The calculator's
// loan types"): GET /api/public/loan-types/ of SITE_API_URL when set, else the standard loan types.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const webDir = path.resolve(import.meta.dirname, '..');
const distDir = path.join(webDir, 'dist');
const ssrEntry = path.join(webDir, '.ssr', 'entry-server.js');
// biome-ignore lint/style/noProcessEnv: a build-time setting of this script, like Vite's own env.
const siteUrl = (process.env.SITE_URL ?? '').replace(/\/+$/, '');
// biome-ignore lint/style/noProcessEnv: a build-time setting of this script, like SITE_URL.
const apiUrl = (process.env.SITE_API_URL ?? '').trim() || undefined;

const {
  renderSitePage,
  loadPublishedLoanTypes,
  loanTypesElement,
  sitePageKeys,
  sitePages,
  sitePageDescriptions,
  documentTitle,
  SITE_URL,
} = await import(pathToFileURL(ssrEntry).href);
const origin = siteUrl || SITE_URL;
const template = await readFile(path.join(distDir, 'site.html'), 'utf8');
const manifest = JSON.parse(await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));

const escapeHtml = (value) =>
  String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** The page's own chunk and the chunks it imports, so the browser fetches them in parallel with the entry. */
function preloadsFor(key) {
  const source = `src/site/pages/${key}-page.tsx`;
  if (!manifest[source])
    throw new Error(`No chunk for ${source} in the Vite manifest: page files are named <key>-page.tsx`);
  const entryImports = new Set(manifest['site.html']?.imports ?? []);
  const files = new Set();
  const visit = (id) => {
    const chunk = manifest[id];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) if (!entryImports.has(imported)) visit(imported);
  };
  visit(source);
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`);
}

function headFor(key) {
  const page = sitePages[key];
  const title = escapeHtml(documentTitle(key));
  const description = escapeHtml(sitePageDescriptions[key]);
  const url = page.path === null ? null : `${origin}${page.path === '/' ? '/' : page.path}`;
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    page.path === null
      ? '<meta name="robots" content="noindex" />'
      : `<link rel="canonical" href="${url}" />`,
    '<meta property="og:site_name" content="Sente" />',
    '<meta property="og:type" content="website" />',
    '<meta property="og:locale" content="en_UG" />',
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${description}" />`,
    url ? `<meta property="og:url" content="${url}" />` : '',
    '<meta name="twitter:card" content="summary" />',
    ...preloadsFor(key),
  ]
    .filter(Boolean)
    .join('\n    ');
}

function outputFile(key) {
  const page = sitePages[key];
  if (page.path === null) return path.join(distDir, '404.html');
  if (page.path === '/') return path.join(distDir, 'landing.html');
  return path.join(distDir, page.path.slice(1), 'index.html');
}

const loanTypes = await loadPublishedLoanTypes(apiUrl);
const dataBlock = loanTypesElement(loanTypes.answer);
for (const key of sitePageKeys) {
  const body = await renderSitePage(key, loanTypes.answer);
  const html = template
    .replace('<!--site-head-->', headFor(key))
    .replace(
      '<div id="root"><!--site-root--></div>',
      () => `<div id="root" data-page="${key}">${body}</div>\n    ${dataBlock}`,
    );
  if (html.includes('<!--site-')) throw new Error(`site.html lost a placeholder while rendering ${key}`);
  const file = outputFile(key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, html);
}

const today = new Date().toISOString().slice(0, 10);
const urls = sitePageKeys
  .map((key) => sitePages[key].path)
  .filter((pagePath) => pagePath !== null)
  .map((pagePath) => `  <url><loc>${origin}${pagePath}</loc><lastmod>${today}</lastmod></url>`);
await writeFile(
  path.join(distDir, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
);
await writeFile(
  path.join(distDir, 'robots.txt'),
  `User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /login\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`,
);
// The template has served its purpose; it must not be reachable as a page.
await rm(path.join(distDir, 'site.html'));
console.log(`Prerendered ${sitePageKeys.length} public pages, sitemap.xml and robots.txt into ${distDir}`);
console.log(`The calculator prices ${loanTypes.answer.results.length} loan types, from ${loanTypes.source}`);

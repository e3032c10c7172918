/** The allowed directions of the house style (house-style.md, "Allowed dependencies"). */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'contract-depends-on-zod-only',
      severity: 'error',
      // Its tests may use the test runner; what the apps import may not.
      from: { path: '^packages/contract', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer'], pathNot: 'node_modules/zod' },
    },
    { name: 'web-not-server', severity: 'error', from: { path: '^apps/web' }, to: { path: '^apps/server' } },
    { name: 'server-not-web', severity: 'error', from: { path: '^apps/server' }, to: { path: '^apps/web' } },
    {
      name: 'site-not-admin',
      severity: 'error',
      from: { path: '^apps/web/src/site' },
      to: { path: '^apps/web/src/admin' },
    },
    {
      name: 'site-not-app',
      severity: 'error',
      from: { path: '^apps/web/src/site' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'app-and-admin-apart',
      comment: "The borrowers' app and the back-office share only lib/ and ui/ (docs/app.md).",
      severity: 'error',
      from: { path: '^apps/web/src/(app|admin)/' },
      to: { path: '^apps/web/src/(app|admin|site)/', pathNot: '^apps/web/src/$1/' },
    },
    {
      name: 'ui-and-lib-import-no-feature',
      severity: 'error',
      from: { path: '^apps/web/src/(ui|lib)/' },
      to: { path: '^apps/web/src/(site|admin|app)/' },
    },
    {
      name: 'admin-features-independent',
      severity: 'error',
      from: { path: '^apps/web/src/admin/features/([^/]+)/' },
      to: { path: '^apps/web/src/admin/features/([^/]+)/', pathNot: '^apps/web/src/admin/features/$1/' },
    },
    {
      name: 'repos-only-query',
      severity: 'error',
      from: { path: '\\.repo\\.ts$' },
      to: { path: '\\.(service|routes|presenter)\\.ts$' },
    },
    {
      name: 'services-not-routes',
      severity: 'error',
      from: { path: '\\.service\\.ts$' },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'db-not-features',
      severity: 'error',
      from: { path: '^apps/server/src/db/' },
      to: { path: '^apps/server/src/(features|http)/' },
    },
    {
      name: 'only-http-renders-errors',
      comment: 'Domain code throws DomainError (domain-error.ts); only http/ knows statuses (ADR 010).',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/http/' },
      to: { path: '^apps/server/src/http/errors\\.ts$' },
    },
    {
      name: 'services-not-presenters',
      comment: "A service answers domain values; turning them into DTOs is the routes' job.",
      severity: 'error',
      from: { path: '\\.service\\.ts$' },
      to: { path: '\\.presenter\\.ts$' },
    },
    {
      name: 'features-meet-through-services',
      comment: 'A feature uses another only through its *.service.ts (house style §5), never its repo.',
      severity: 'error',
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: {
        path: '^apps/server/src/features/([^/]+)/.+\\.repo\\.ts$',
        pathNot: '^apps/server/src/features/$1/',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
  },
};

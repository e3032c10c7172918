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
      name: 'ui-and-lib-import-no-feature',
      severity: 'error',
      from: { path: '^apps/web/src/(ui|lib)/' },
      to: { path: '^apps/web/src/(site|admin)/' },
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
  },
};

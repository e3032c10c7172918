// The first screen behind sign-in (router.tsx loads this chunk for /app, app.html preloads it): the
// signed-in frame and the role's home, with TanStack Query and the API client but no zod and no route
// schemas (they call routes by address, @sente/contract/routes). The other screens, and the schemas
// their forms check, are in app-screens-entry.ts (docs/app.md, What the first screen loads).

export { RoleHomePage } from './features/home/role-home-page.tsx';
export { AppSignedInRoot } from './shell/app-signed-in-root.tsx';

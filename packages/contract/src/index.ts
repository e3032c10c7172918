import { authRoutes } from './auth.ts';
import { healthRoutes } from './health.ts';
import { publicFormsRoutes } from './public-forms.ts';
import { usersRoutes } from './users.ts';

export * from './auth.ts';
export * from './common.ts';
export * from './health.ts';
export * from './public-forms.ts';
export * from './route.ts';
export * from './users.ts';

/** Every endpoint of the API, once. The server registers exactly these; the docs list exactly these. */
export const routes = {
  ...healthRoutes,
  ...authRoutes,
  ...publicFormsRoutes,
  ...usersRoutes,
} as const;
export type Routes = typeof routes;

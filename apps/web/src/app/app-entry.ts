// The app's first chunk (router.tsx loads it for /app): the shell and the sign-in and sign-up
// screens, with no API client, no zod and no TanStack Query, so the first screen stays small on a
// slow connection (docs/app.md). Everything behind sign-in is in app-screens-entry.ts.

export { LoginPage } from './features/accounts/login-page.tsx';
export { RegisterPage } from './features/accounts/register-page.tsx';
export { AppShell } from './shell/app-shell.tsx';

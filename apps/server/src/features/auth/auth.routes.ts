import { routes } from '@sente/contract';
import { ForbiddenError } from '../../domain-error.ts';
import type { RegisterRoute } from '../../http/register-route.ts';
import { toSignedInUser } from '../users/users.presenter.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AuthService } from './auth.service.ts';

export function registerAuthRoutes(
  register: RegisterRoute,
  {
    auth,
    users,
    loginLimitPerMinute,
  }: { auth: AuthService; users: UsersService; loginLimitPerMinute: number },
): void {
  register(
    routes.login,
    async ({ body, request }) => {
      // request.ip honours TRUST_PROXY: the address the trusted proxy saw, never a forged header.
      const outcome = await auth.login(
        body.email,
        body.password,
        request.ip,
        request.headers['user-agent'] ?? null,
      );
      if ('mfaToken' in outcome) {
        return {
          mfa_required: true as const,
          mfa_token: outcome.mfaToken,
          mfa_setup_required: outcome.setupRequired,
        };
      }
      return { access: outcome.access, refresh: outcome.refresh, user: toSignedInUser(outcome.user) };
    },
    { rateLimit: { max: loginLimitPerMinute, timeWindowMs: 60_000 } },
  );

  register(routes.refreshToken, ({ body }) => auth.refresh(body.refresh), {
    rateLimit: { max: loginLimitPerMinute * 6, timeWindowMs: 60_000 },
  });

  register(routes.logout, async ({ body }) => {
    await auth.logout(body.refresh);
    return null;
  });

  register(routes.me, async ({ query, user }) => {
    const targetId = query.user_id ?? user.id;
    if (targetId === user.id) return toSignedInUser(await users.getSignedInUser(user.id));
    if (user.role !== 'admin') throw new ForbiddenError();
    return toSignedInUser(await users.getOpenUser(targetId));
  });
}

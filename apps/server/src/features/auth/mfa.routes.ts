import { routes } from '@sente/contract';
import type { RegisterRoute } from '../../http/register-route.ts';
import { toSignedInUser } from '../users/users.presenter.ts';
import type { MfaService } from './mfa.service.ts';

export function registerMfaRoutes(
  register: RegisterRoute,
  { mfa, loginLimitPerMinute }: { mfa: MfaService; loginLimitPerMinute: number },
): void {
  const limit = { rateLimit: { max: loginLimitPerMinute, timeWindowMs: 60_000 } };

  register(
    routes.loginMfa,
    async ({ body, request }) => {
      const { access, refresh, user, recoveryCodes } = await mfa.finishLogin(body.mfa_token, body.code, {
        address: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return {
        access,
        refresh,
        user: toSignedInUser(user),
        ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}),
      };
    },
    limit,
  );

  register(routes.loginMfaSetup, ({ body }) => mfa.setupDuringLogin(body.mfa_token), limit);

  register(routes.mfaStatus, ({ user }) => mfa.status(user.id));

  register(routes.mfaSetup, ({ user }) => mfa.setup(user));

  register(
    routes.mfaConfirm,
    ({ body, user }) => mfa.confirm(user.id, body.code, user.sessionId ?? null),
    limit,
  );

  register(routes.mfaDisable, ({ body, user }) => mfa.disable(user.id, body.code), limit);
}

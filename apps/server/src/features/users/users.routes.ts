import { routes } from '@sente/contract';
import { filteredPagedAnswer } from '../../http/paged-answer.ts';
import type { RegisterRoute } from '../../http/register-route.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import type { UserAdminService } from './user-admin.service.ts';
import { toSessionUser, toUserDetail } from './users.presenter.ts';
import type { UsersService } from './users.service.ts';

export function registerUsersRoutes(
  register: RegisterRoute,
  {
    users,
    userAdmin,
    passwordResets,
    resetLimitPerMinute,
  }: {
    users: UsersService;
    userAdmin: UserAdminService;
    passwordResets: PasswordResetService;
    resetLimitPerMinute: number;
  },
): void {
  register(routes.listUsers, async ({ query, request }) => {
    const { page, page_size: pageSize, search, status } = query;
    const { rows, ...total } = await userAdmin.listUsers({ page, pageSize, search, status });
    return filteredPagedAnswer(request, query, total, rows.map(toSessionUser));
  });

  register(routes.userStats, async () => {
    const { total, active, inactive } = await userAdmin.stats();
    return { total_users: total, active_users: active, inactive_users: inactive };
  });

  register(routes.toggleUserStatus, async ({ params, user }) => {
    const updated = await userAdmin.toggleStatus(user.id, params.id);
    return { id: updated.id, status: updated.status };
  });

  register(routes.getUser, async ({ params }) => toSessionUser(await users.getOpenUser(params.id)));

  register(routes.updateUser, async ({ params, body, user }) =>
    toSessionUser(
      await userAdmin.updateUser(user.id, params.id, {
        name: body.name,
        email: body.email,
        phoneNumber: body.phone_number,
      }),
    ),
  );

  register(routes.setOpenApplicationsAllowed, async ({ params, body, user }) => {
    const updated = await userAdmin.setOpenApplicationsAllowed(
      user.id,
      params.id,
      body.max_open_applications,
    );
    return { id: updated.id, max_open_applications: updated.maxOpenApplications };
  });

  register(routes.deleteUser, async ({ params, user }) => {
    await userAdmin.closeAccount(user.id, params.id);
    return null;
  });

  register(routes.getUserDetail, async ({ params, user }) => {
    const { user: target, kyc } = await users.detailViewedBy(user.id, params.id);
    return toUserDetail(target, kyc);
  });

  // GET and PUT /api/auth/kyc/ are registered by lenders.routes.ts: a lender's KYC includes its
  // lender details, which the lenders feature owns.

  register(routes.createPasswordResetLink, async ({ params, user }) => {
    const { resetUrl, expiresAt } = await passwordResets.issueLink(user.id, params.id);
    return { reset_url: resetUrl, expires_at: expiresAt.toISOString() };
  });

  register(
    routes.resetPassword,
    async ({ body }) => {
      await passwordResets.resetPassword(body.token, body.password);
      return null;
    },
    { rateLimit: { max: resetLimitPerMinute, timeWindowMs: 60_000 } },
  );
}

import { routes } from '@sente/contract';
import { ForbiddenError } from '../../domain-error.ts';
import { pagedAnswer } from '../../http/paged-answer.ts';
import type { RegisterRoute } from '../../http/register-route.ts';
import type { AutoInvestService } from './auto-invest.service.ts';
import type { LenderAdminService } from './lender-admin.service.ts';
import {
  toAdminLenderDto,
  toAutoInvestRuleDto,
  toLenderStatusDto,
  toOwnKycDto,
} from './lenders.presenter.ts';
import type { LendersService } from './lenders.service.ts';

/**
 * The lender side: terms, status, own KYC (GET and PUT /api/auth/kyc/ live here because a lender's
 * KYC includes its lender details), auto-invest rules, and the back-office's verification.
 */
export function registerLendersRoutes(
  register: RegisterRoute,
  {
    lenders,
    lenderAdmin,
    autoInvest,
    serviceFeePercent,
  }: {
    lenders: LendersService;
    lenderAdmin: LenderAdminService;
    autoInvest: AutoInvestService;
    /** PLATFORM_FEE_PERCENT, told to the lender with the terms it accepts. */
    serviceFeePercent: number;
  },
): void {
  register(routes.acceptLenderTerms, async ({ user }) =>
    toLenderStatusDto(await lenders.acceptTerms(user.id), serviceFeePercent),
  );

  register(routes.getLenderStatus, async ({ user }) =>
    toLenderStatusDto(await lenders.status(user.id), serviceFeePercent),
  );

  register(routes.getKyc, async ({ query, user }) => {
    const targetId = query.user_id ?? user.id;
    if (targetId !== user.id && user.role !== 'admin') throw new ForbiddenError();
    return toOwnKycDto(await lenders.kycOf(targetId, targetId === user.id ? 'own' : 'other'));
  });

  register(routes.updateKyc, async ({ body, user }) =>
    toOwnKycDto(
      await lenders.saveOwnKyc(user.id, {
        dateOfBirth: body.date_of_birth,
        gender: body.gender,
        address: body.address,
        nationalId: body.national_id,
        kind: body.lender_kind,
        registrationNumber: body.registration_number,
        contactPerson: body.contact_person,
      }),
    ),
  );

  register(routes.listLenders, async ({ query, request }) => {
    const { count, rows } = await lenderAdmin.list({
      page: query.page,
      pageSize: query.page_size,
      verified: query.verified,
      search: query.search,
    });
    return pagedAnswer(request, query, count, rows.map(toAdminLenderDto));
  });

  register(routes.verifyLender, async ({ params, body, user }) =>
    toAdminLenderDto(await lenderAdmin.verify(user.id, params.id, body.note)),
  );

  register(routes.getAutoInvestRule, async ({ user }) => toAutoInvestRuleDto(await autoInvest.get(user.id)));

  register(routes.saveAutoInvestRule, async ({ body, user }) =>
    toAutoInvestRuleDto(
      await autoInvest.save(user.id, {
        enabled: body.enabled,
        riskGrades: body.risk_grades,
        loanTypeIds: body.loan_types,
        maxTermMonths: body.max_term_months,
        minRateBp: body.min_rate,
        amountPerLoan: body.amount_per_loan,
        maxSharePercent: body.max_share_percent,
        keepCash: body.keep_cash,
      }),
    ),
  );
}

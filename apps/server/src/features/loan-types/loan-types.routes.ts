import { routes } from '@sente/contract';
import { pagedAnswer, pageOffset } from '../../http/paged-answer.ts';
import type { RegisterRoute } from '../../http/register-route.ts';
import { toLoanTypeDto } from './loan-types.presenter.ts';
import type { LoanTypesService } from './loan-types.service.ts';

export function registerLoanTypeRoutes(
  register: RegisterRoute,
  { loanTypes }: { loanTypes: LoanTypesService },
) {
  register(routes.listLoanTypes, async ({ query, user, request }) => {
    // Borrowers and lenders see only the products on offer.
    const status = user.role === 'admin' ? query.status : 'ACTIVE';
    const { count, rows } = await loanTypes.list({
      status,
      limit: query.page_size,
      offset: pageOffset(query),
    });
    return pagedAnswer(request, query, count, rows.map(toLoanTypeDto));
  });

  register(routes.publicLoanTypes, async () => {
    const { rows } = await loanTypes.list({ status: 'ACTIVE', limit: 100, offset: 0 });
    return { results: rows.map(toLoanTypeDto) };
  });

  register(routes.createLoanType, async ({ body, user }) =>
    toLoanTypeDto(await loanTypes.create(body, user.id)),
  );

  register(routes.updateLoanType, async ({ params, body, user }) =>
    toLoanTypeDto(await loanTypes.update(params.id, body, user.id)),
  );

  register(routes.deleteLoanType, async ({ params, user }) => {
    await loanTypes.remove(params.id, user.id);
    return null;
  });
}

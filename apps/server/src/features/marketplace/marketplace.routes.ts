import { rateToBasisPoints, routes, toCsv } from '@sente/contract';
import { ForbiddenError } from '../../domain-error.ts';
import { pagedAnswer, pageOffset } from '../../http/paged-answer.ts';
import { type AuthUser, REPLY_SENT, type RegisterRoute } from '../../http/register-route.ts';
import {
  toBidDto,
  toLenderParticipationDto,
  toListingDto,
  toMarketplaceStatsDto,
  toOfferDto,
  toParticipationDto,
  toPortfolioDto,
  toStatementDto,
} from './marketplace.presenter.ts';
import type { MarketplaceService } from './marketplace.service.ts';

/** Listings are for lenders (and admins); borrowers see their own application's offers instead. */
function lenderOrAdmin(user: AuthUser): void {
  if (user.role === 'borrower') {
    throw new ForbiddenError('LENDERS_ONLY', 'Only lenders can see the marketplace');
  }
}

function lenderOnly(user: AuthUser): void {
  if (user.role !== 'lender') throw new ForbiddenError('LENDERS_ONLY', 'Only lender accounts can do this');
}

export function registerMarketplaceRoutes(register: RegisterRoute, marketplace: MarketplaceService): void {
  register(routes.listListings, async ({ query, user, request }) => {
    lenderOrAdmin(user);
    const { rows, count } = await marketplace.listings(
      user,
      {
        status: query.status,
        riskGrade: query.risk_grade,
        loanTypeId: query.loan_type,
        maxTermMonths: query.max_term_months,
        minRateBp: query.min_rate,
      },
      { limit: query.page_size, offset: pageOffset(query) },
    );
    return pagedAnswer(request, query, count, rows.map(toListingDto));
  });

  register(routes.getListing, async ({ params, user }) => {
    lenderOrAdmin(user);
    return toListingDto(await marketplace.listing(user, params.id));
  });

  register(routes.placeBid, async ({ params, body, headers, user }) => {
    lenderOnly(user);
    return toBidDto(
      await marketplace.placeBid({
        lenderId: user.id,
        listingId: params.id,
        amount: body.amount,
        rateBp: rateToBasisPoints(body.rate),
        idempotencyKey: headers['idempotency-key'],
      }),
    );
  });

  register(routes.withdrawBid, async ({ params, user }) => {
    lenderOnly(user);
    return toBidDto(await marketplace.withdrawBid(user.id, params.id));
  });

  register(routes.myBids, async ({ query, user, request }) => {
    lenderOnly(user);
    const { rows, count } = await marketplace.bidsOf(user.id, query.status, {
      limit: query.page_size,
      offset: pageOffset(query),
    });
    return pagedAnswer(request, query, count, rows.map(toBidDto));
  });

  register(routes.applicationOffers, async ({ params, user }) =>
    (await marketplace.offersOf(user, params.id)).map(toOfferDto),
  );

  register(routes.requestOffers, async ({ params, user }) => {
    await marketplace.requestOffers(user, params.id);
    return (await marketplace.offersOf(user, params.id)).map(toOfferDto);
  });

  register(routes.acceptOffer, async ({ params, headers, user }) =>
    toOfferDto(
      await marketplace.acceptOffer({
        viewer: user,
        applicationId: params.id,
        offerId: params.offerId,
        idempotencyKey: headers['idempotency-key'],
      }),
    ),
  );

  register(routes.declineOffers, async ({ params, user }) => {
    await marketplace.declineOffers(user, params.id);
    return (await marketplace.offersOf(user, params.id)).map(toOfferDto);
  });

  register(routes.adminListings, async ({ query, user, request }) => {
    const { rows, count } = await marketplace.listings(
      user,
      { status: query.status },
      { limit: query.page_size, offset: pageOffset(query) },
    );
    return pagedAnswer(request, query, count, rows.map(toListingDto));
  });

  register(routes.relistListing, async ({ params, user }) => {
    await marketplace.relist(params.id, user.id);
    return toListingDto(await marketplace.listing(user, params.id));
  });

  register(routes.lenderPortfolio, async ({ user }) => {
    lenderOnly(user);
    return toPortfolioDto(await marketplace.portfolio(user.id));
  });

  register(routes.lenderParticipations, async ({ query, user, request }) => {
    lenderOnly(user);
    const { rows, count } = await marketplace.participationsOfLender(user.id, query.status, {
      limit: query.page_size,
      offset: pageOffset(query),
    });
    const today = marketplace.today();
    return pagedAnswer(
      request,
      query,
      count,
      rows.map((row) => toLenderParticipationDto(row, today)),
    );
  });

  register(routes.adminLenderPortfolio, async ({ params }) =>
    toPortfolioDto(await marketplace.portfolioForAdmin(params.id)),
  );

  register(routes.adminLenderParticipations, async ({ params, query, request }) => {
    const { rows, count } = await marketplace.participationsForAdmin(params.id, query.status, {
      limit: query.page_size,
      offset: pageOffset(query),
    });
    const today = marketplace.today();
    return pagedAnswer(
      request,
      query,
      count,
      rows.map((row) => toLenderParticipationDto(row, today)),
    );
  });

  register(routes.lenderStatement, async ({ query, user, request, reply }) => {
    lenderOnly(user);
    const statement = toStatementDto(await marketplace.statement(user.id, query.from, query.to), query);
    if (!/\btext\/csv\b/.test(request.headers.accept ?? '')) return statement;
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="sente-statement-${query.from ?? 'start'}-${query.to ?? 'today'}.csv"`,
      )
      .header('cache-control', 'private, no-store')
      .send(
        toCsv(
          [
            { header: 'Date', value: (line) => line.at },
            { header: 'Kind', value: (line) => line.kind },
            { header: 'Description', value: (line) => line.description },
            { header: 'Amount (UGX)', value: (line) => line.amount },
          ],
          statement.lines,
        ),
      );
    return REPLY_SENT;
  });

  register(routes.marketplaceStats, async () => toMarketplaceStatsDto(await marketplace.stats()));

  register(routes.loanParticipations, async ({ params }) =>
    (await marketplace.participationsOf(params.id)).map(toParticipationDto),
  );
}

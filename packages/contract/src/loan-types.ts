import { z } from 'zod';
import { ApiError, Id, IdParams, pageOf, pageQuery, RateString, UgxInput, UgxString } from './common.ts';
import { parseRate } from './rate.ts';
import { route } from './route.ts';

export const InterestType = z.enum(['FLAT', 'COMPOUND']);
export type InterestType = z.infer<typeof InterestType>;
export const LoanTypeStatus = z.enum(['ACTIVE', 'INACTIVE']);
export type LoanTypeStatus = z.infer<typeof LoanTypeStatus>;

const upper = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

export const LoanTypeDto = z
  .object({
    id: Id,
    loan_type_name: z.string(),
    min_amount: UgxString,
    max_amount: UgxString,
    /** Percent per month, "2.80". */
    interest_rate: RateString,
    interest_type: InterestType,
    appraisal_time: z.string(),
    status: LoanTypeStatus,
  })
  .meta({ id: 'LoanType' });
export type LoanTypeDto = z.infer<typeof LoanTypeDto>;

/**
 * A rate as the form sends it: 2.8, "2.8" or "2.80" percent per month, at most two decimals. Parsed
 * to basis points (280); the legal cap is checked on the server, which knows MAX_MONTHLY_RATE.
 */
export const RateInput = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const basisPoints = parseRate(value) ?? 0;
  if (basisPoints <= 0) {
    ctx.addIssue({ code: 'custom', message: 'Enter a rate above 0 with at most two decimals, like 2.80' });
    return z.NEVER;
  }
  return basisPoints;
});

export const LoanTypeBody = z
  .object({
    loan_type_name: z.string().trim().min(1, 'Loan type name is required').max(100),
    min_amount: UgxInput,
    max_amount: UgxInput,
    interest_rate: RateInput,
    interest_type: z.preprocess(upper, InterestType).default('FLAT'),
    appraisal_time: z.string().trim().min(1, 'Appraisal time is required').max(100, 'At most 100 characters'),
    status: z.preprocess(upper, LoanTypeStatus).default('ACTIVE'),
  })
  .refine((body) => body.min_amount < body.max_amount, {
    path: ['max_amount'],
    message: 'The maximum amount must be above the minimum amount',
  });
export type LoanTypeBody = z.infer<typeof LoanTypeBody>;

export const listLoanTypes = route({
  method: 'GET',
  path: '/api/loans/loan-types/',
  auth: 'user',
  summary: 'Loan types, paged (admins see every type and may filter by status; others see active ones)',
  tags: ['loan-types'],
  query: pageQuery(10).extend({ status: z.preprocess(upper, LoanTypeStatus).optional() }),
  responses: { 200: pageOf(LoanTypeDto), 400: ApiError, 401: ApiError },
});

export const createLoanType = route({
  method: 'POST',
  path: '/api/loans/loan-types/',
  auth: 'admin',
  summary: 'Create a loan type',
  tags: ['loan-types'],
  body: LoanTypeBody,
  responses: { 201: LoanTypeDto, 400: ApiError, 401: ApiError, 403: ApiError, 409: ApiError },
});

export const updateLoanType = route({
  method: 'PUT',
  path: '/api/loans/loan-types/:id/',
  auth: 'admin',
  summary: 'Replace a loan type (existing loans keep the rate they were made with)',
  tags: ['loan-types'],
  params: IdParams,
  body: LoanTypeBody,
  responses: { 200: LoanTypeDto, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError },
});

export const deleteLoanType = route({
  method: 'DELETE',
  path: '/api/loans/loan-types/:id/',
  auth: 'admin',
  summary: 'Delete a loan type that no application or loan uses (otherwise 409: set it Inactive)',
  tags: ['loan-types'],
  params: IdParams,
  responses: { 204: z.null(), 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError },
});

export const publicLoanTypes = route({
  method: 'GET',
  path: '/api/public/loan-types/',
  auth: 'public',
  summary: 'Active loan types for the public loan calculator',
  tags: ['loan-types'],
  responses: { 200: z.object({ results: z.array(LoanTypeDto) }) },
});

export const loanTypeRoutes = {
  listLoanTypes,
  createLoanType,
  updateLoanType,
  deleteLoanType,
  publicLoanTypes,
} as const;

import { z } from 'zod';
import {
  ApiError,
  IdParams,
  IsoDateTime,
  pageOf,
  pageQuery,
  RateString,
  Text,
  UgxInput,
  UgxInputOrZero,
  UgxString,
} from './common.ts';
import { RateInput } from './loan-types.ts';
import { route } from './route.ts';

/**
 * The lender terms and risk statement a lender accepts before bidding (capital at risk, no
 * guarantee or buyback: decisions.md, The marketplace). A new version needs a new acceptance.
 */
export const LENDER_TERMS_VERSION = '2026-11';

export const LenderKind = z.enum(['individual', 'institution']);
export type LenderKind = z.infer<typeof LenderKind>;

/**
 * An institution's KYC (decisions.md, lender): its registration number (URSB), stored upper-case
 * with runs of spaces as one, and the person Sente deals with. The server and the app check the same.
 */
export const REGISTRATION_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9 ./-]{2,39}$/;
export const CONTACT_PERSON_LENGTH = { min: 2, max: 100 } as const;
export const INSTITUTION_FIELD_MESSAGES = {
  registration_number:
    'A registration number is 3 to 40 letters and digits (spaces, "/", "-" and "." allowed)',
  contact_person: `Enter the contact person's name, ${CONTACT_PERSON_LENGTH.min} to ${CONTACT_PERSON_LENGTH.max} characters`,
} as const;

/** The stored form of an institution's text fields: trimmed, single spaces, blank as absent. */
export function tidyLenderText(text: string | null | undefined): string | null {
  return text?.trim().replace(/\s+/g, ' ') || null;
}

/** The message for a bad registration number or contact person, or null when it is fine (or absent). */
export function institutionFieldProblem(
  field: keyof typeof INSTITUTION_FIELD_MESSAGES,
  text: string | null,
): string | null {
  if (text === null) return null;
  if (field === 'registration_number') {
    return REGISTRATION_NUMBER_PATTERN.test(text.toUpperCase()) ? null : INSTITUTION_FIELD_MESSAGES[field];
  }
  const fits =
    text.length >= CONTACT_PERSON_LENGTH.min &&
    text.length <= CONTACT_PERSON_LENGTH.max &&
    /\p{L}/u.test(text);
  return fits ? null : INSTITUTION_FIELD_MESSAGES[field];
}

/** decisions.md, risk grade: A ≥ 85, B 70–84, C 55–69, D 40–54, E < 40. */
export const RISK_GRADES = ['A', 'B', 'C', 'D', 'E'] as const;
export const RiskGrade = z.enum(RISK_GRADES);
export type RiskGrade = z.infer<typeof RiskGrade>;

/** The plain-words steps a lender still has to take before it may bid, in this order. */
export const LENDER_STEPS = {
  phone: 'Confirm your phone number with the code we sent by SMS',
  kyc: 'Complete your KYC details',
  terms: 'Accept the lender terms',
  verification: 'Wait for Sente to verify your account',
} as const;

export const LenderStatus = z
  .object({
    verified: z.boolean(),
    kyc_complete: z.boolean(),
    /** The current terms (LENDER_TERMS_VERSION); an older acceptance does not count. */
    terms_accepted: z.boolean(),
    terms_accepted_at: IsoDateTime.nullable(),
    verified_at: IsoDateTime.nullable(),
    /** What is still needed before the lender may bid; empty when it may. */
    missing: z.array(z.string()),
    /** The version of the terms the lender accepts now (LENDER_TERMS_VERSION). */
    terms_version: z.string(),
    /** The share of each repayment's interest Sente keeps as its service fee (the terms say so). */
    service_fee_percent: z.number(),
  })
  .meta({ id: 'LenderStatus' });
export type LenderStatus = z.infer<typeof LenderStatus>;

/** A lender as the back-office's verification screen lists it. */
export const AdminLender = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    kind: LenderKind,
    kyc_complete: z.boolean(),
    terms_accepted_at: IsoDateTime.nullable(),
    verified: z.boolean(),
    verified_at: IsoDateTime.nullable(),
    verification_note: z.string().nullable(),
    /** Wallet money not reserved for bids. */
    cash_available: UgxString,
    /** Held for live bids and accepted offers. */
    cash_reserved: UgxString,
    /** Principal lent out through loans and not yet repaid. */
    outstanding_principal: UgxString,
    loans_funded: z.number().int(),
  })
  .meta({ id: 'AdminLender' });
export type AdminLender = z.infer<typeof AdminLender>;

const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const AdminLenderListQuery = pageQuery(20).extend({
  verified: z.preprocess(
    blankIsAbsent,
    z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
  ),
  /** Name or email, any part of it, ignoring case. */
  search: Text.trim().max(100).optional(),
});

export const VerifyLenderBody = z.object({
  note: z.string().trim().min(1, 'Write a note on what was checked').max(500, 'At most 500 characters'),
});

export const AutoInvestRule = z
  .object({
    enabled: z.boolean(),
    risk_grades: z.array(RiskGrade),
    /** Loan type ids; empty means every loan type. */
    loan_types: z.array(z.number().int()),
    max_term_months: z.number().int(),
    /** The lowest monthly rate to bid at, "2.50". */
    min_rate: RateString,
    amount_per_loan: UgxString,
    max_share_percent: z.number().int(),
    /** Cash the rule leaves uninvested in the wallet. */
    keep_cash: UgxString,
    last_filled_at: IsoDateTime.nullable(),
    /** Null until the lender first saves a rule (the answer is then the defaults). */
    updated_at: IsoDateTime.nullable(),
  })
  .meta({ id: 'AutoInvestRule' });
export type AutoInvestRule = z.infer<typeof AutoInvestRule>;

/** 1.00% is the lowest rate a bid may ask (decisions.md, bid); 10.00% leaves room above the cap. */
export const AUTO_INVEST_MIN_RATE_BP = 100;
export const AUTO_INVEST_MAX_RATE_BP = 1000;

export const AutoInvestRuleBody = z
  .object({
    enabled: z.boolean(),
    risk_grades: z
      .array(RiskGrade)
      .max(RISK_GRADES.length)
      .transform((grades) => RISK_GRADES.filter((grade) => grades.includes(grade))),
    loan_types: z
      .array(z.number().int().positive().max(2_147_483_647))
      .max(50)
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
    max_term_months: z
      .number()
      .int('Enter whole months')
      .min(1, 'At least 1 month')
      .max(24, 'At most 24 months'),
    min_rate: RateInput.refine(
      (bp) => bp >= AUTO_INVEST_MIN_RATE_BP && bp <= AUTO_INVEST_MAX_RATE_BP,
      'The rate must be from 1.00 to 10.00 percent per month',
    ),
    amount_per_loan: UgxInput,
    max_share_percent: z
      .number()
      .int('Enter a whole percent')
      .min(1, 'At least 1 percent')
      .max(100, 'At most 100 percent')
      .default(25),
    keep_cash: UgxInputOrZero.default(0),
  })
  .strict()
  .refine((rule) => !rule.enabled || rule.risk_grades.length > 0, {
    path: ['risk_grades'],
    message: 'Choose at least one risk grade to turn auto-invest on',
  });
export type AutoInvestRuleBody = z.infer<typeof AutoInvestRuleBody>;

// ---- Routes ----

export const acceptLenderTerms = route({
  method: 'POST',
  path: '/api/lender/terms/accept/',
  auth: 'user',
  summary:
    'A lender accepts the lender terms and risk statement (capital at risk, no guarantee); accepting again keeps the first acceptance. Lenders only',
  tags: ['lenders'],
  responses: { 200: LenderStatus, 401: ApiError, 403: ApiError },
});

export const getLenderStatus = route({
  method: 'GET',
  path: '/api/lender/status/',
  auth: 'user',
  summary: "The signed-in lender's verification status and what is still needed before it may bid",
  tags: ['lenders'],
  responses: { 200: LenderStatus, 401: ApiError, 403: ApiError },
});

export const listLenders = route({
  method: 'GET',
  path: '/api/marketplace/admin/lenders/',
  auth: 'admin',
  summary:
    'Lenders with their verification and money, the verification queue first (KYC and terms complete, not yet verified), then by name',
  tags: ['lenders'],
  query: AdminLenderListQuery,
  responses: { 200: pageOf(AdminLender), 400: ApiError, 401: ApiError, 403: ApiError },
});

export const verifyLender = route({
  method: 'POST',
  path: '/api/marketplace/admin/lenders/:id/verify/',
  auth: 'admin',
  summary: 'Verify a lender whose KYC and terms are complete, with a note of what was checked (audited)',
  tags: ['lenders'],
  params: IdParams,
  body: VerifyLenderBody,
  responses: { 200: AdminLender, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError },
});

export const getAutoInvestRule = route({
  method: 'GET',
  path: '/api/marketplace/auto-invest/',
  auth: 'user',
  summary: "The signed-in lender's auto-invest rule (the defaults, off, until one is saved)",
  tags: ['lenders'],
  responses: { 200: AutoInvestRule, 401: ApiError, 403: ApiError },
});

export const saveAutoInvestRule = route({
  method: 'PUT',
  path: '/api/marketplace/auto-invest/',
  auth: 'user',
  summary:
    "Replace the signed-in lender's auto-invest rule; an unverified lender may save one (it bids once verified)",
  tags: ['lenders'],
  body: AutoInvestRuleBody,
  responses: { 200: AutoInvestRule, 400: ApiError, 401: ApiError, 403: ApiError },
});

export const lendersRoutes = {
  acceptLenderTerms,
  getLenderStatus,
  listLenders,
  verifyLender,
  getAutoInvestRule,
  saveAutoInvestRule,
} as const;

import { z } from 'zod';
import { fromUgxString, isUgx, UGX_STRING_PATTERN } from './money.ts';
import { RATE_STRING_PATTERN } from './rate.ts';

/** Every error answer: a human message, plus per-field messages for validation failures. */
export const ApiError = z
  .object({
    error: z.string(),
    /** A stable machine-readable reason (`LOAN_FULLY_PAID`), on refusals the server decided itself. */
    code: z.string().optional(),
    details: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof ApiError>;

/** Money on the wire: whole shillings with two places, "1500000.00" (money.ts has the conversions). */
export const UgxString = z
  .string()
  .regex(UGX_STRING_PATTERN, 'Amount must be whole shillings like "1500000.00"');

/**
 * Money as a client may send it: a whole number of shillings, or a string of one ("150000" or
 * "150000.00"). Fractions of a shilling, negatives and zero are refused.
 */
export const UgxInput = z.union([z.number(), z.string()]).transform((value, ctx): number => {
  const amount = typeof value === 'number' ? value : fromUgxString(value);
  if (!isUgx(amount) || amount <= 0) {
    ctx.addIssue({ code: 'custom', message: 'Enter a whole number of shillings greater than 0' });
    return z.NEVER;
  }
  return amount;
});

/** The same, also taking 0: an amount a client may set to nothing (cash to keep uninvested). */
export const UgxInputOrZero = z.union([z.number(), z.string()]).transform((value, ctx): number => {
  const amount = typeof value === 'number' ? value : fromUgxString(value);
  if (!isUgx(amount) || amount < 0) {
    ctx.addIssue({ code: 'custom', message: 'Enter a whole number of shillings, 0 or more' });
    return z.NEVER;
  }
  return amount;
});

/** Percent per month as the wire carries it: "2.80" (rate.ts has the conversions). */
export const RateString = z.string().regex(RATE_STRING_PATTERN);

/**
 * Free text from a query string (search boxes, filters). PostgreSQL text cannot hold NUL, and a lone
 * UTF-16 surrogate is not a character: both are refused here with a 400 instead of failing in the
 * database. Chain `.trim()`, `.max()` as usual: `Text.trim().max(100).optional()`.
 */
export const Text = z
  .string()
  .refine((text) => !text.includes('\0'), 'Must not contain NUL characters')
  .refine((text) => !/\p{Cs}/u.test(text), 'Must be valid Unicode text');

export const IsoDateTime = z.string();
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Ids are positive integers; anything else in a path is a 400, never a 500. */
export const Id = z.coerce.number().int().positive().max(2_147_483_647);
export const IdParams = z.object({ id: Id });

export const PAGE_SIZE_MAX = 100;

/** DRF-style paging query: ?page= from 1, ?page_size= at most 100. */
export function pageQuery(defaultSize: number) {
  return z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(defaultSize),
  });
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/**
 * A searched or filtered back-office list counts and pages at most this many matches: an admin
 * looking for one person or loan narrows the search long before page 100, and counting every match
 * of a common surname or a week of applications grew with the platform (docs/scale.md, Scale 1000).
 * Lists without a filter, or by status alone, count exactly from running totals.
 */
export const FILTER_COUNT_CAP = 1000;

/** A page of a searchable list: `count_capped` says the search or filters matched more than FILTER_COUNT_CAP. */
export function filteredPageOf<T extends z.ZodType>(item: T) {
  return pageOf(item).extend({
    count_capped: z.boolean().meta({
      description: `True when the search or filters match more than ${FILTER_COUNT_CAP}: count is then ${FILTER_COUNT_CAP} and only those are paged`,
    }),
  });
}

export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(8)
    .max(200)
    .regex(/^[\w.:-]+$/, 'Use letters, digits, "-", "_", ".", ":"'),
});

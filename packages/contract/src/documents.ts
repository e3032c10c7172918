/**
 * The application documents a borrower sends. Without zod, so the app's first signed-in screen can
 * name what is missing (`@sente/contract/documents`) without loading the route schemas.
 */

/** The spec's six document types, in the order the screens list them. */
export const DOCUMENT_TYPES = [
  'NATIONAL_ID',
  'TRADE_LICENSE',
  'INCORPORATION',
  'URA_REGISTRATION',
  'CASH_FLOW',
  'BANK_STATEMENTS',
] as const;
export type DocumentTypeName = (typeof DOCUMENT_TYPES)[number];

/**
 * What a complete application has (docs/lending.md, credit check): the National ID, one business
 * registration document, and bank or cash-flow statements. Each group is met by any one of its types.
 */
export const EXPECTED_DOCUMENTS = [
  { label: 'your National ID', types: ['NATIONAL_ID'] },
  {
    label: 'a business registration document',
    types: ['TRADE_LICENSE', 'INCORPORATION', 'URA_REGISTRATION'],
  },
  { label: 'bank or cash-flow statements', types: ['BANK_STATEMENTS', 'CASH_FLOW'] },
] as const satisfies readonly { label: string; types: readonly DocumentTypeName[] }[];

/** The expected documents not yet on file, in words ("your National ID", …). */
export function missingDocuments(onFile: readonly DocumentTypeName[]): string[] {
  return EXPECTED_DOCUMENTS.filter((group) => !group.types.some((type) => onFile.includes(type))).map(
    (group) => group.label,
  );
}

/** Escapes the LIKE wildcards and the escape character itself, so any text matches literally. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface UserSearchPatterns {
  /** The text anywhere in name, email or phone number (the repo lower-cases it like the column). */
  readonly text: string;
  /**
   * A phone number typed from its start ("0772 123", "+256 772", "256772"): the start of the stored
   * +256 form, matched from the left (an index range, counted without reading the users).
   */
  readonly phonePrefix: string | null;
  /** Other digits typed with spaces or dashes ("123 456"): those digits anywhere in the number. */
  readonly phoneDigits: string | null;
}

/**
 * The admin's user search: the text anywhere in name, email or phone number, ignoring case. A term
 * that looks like a phone number also matches the stored +256 form when typed the local way: "0772
 * 123" finds +256772123456.
 */
export function userSearchPatterns(term: string): UserSearchPatterns | null {
  // Control characters never occur in names, emails or phones (and chr 31 separates the fields).
  const trimmed = term.replace(/\p{Cc}/gu, '').trim();
  if (trimmed === '') return null;
  const text = `%${escapeLikePattern(trimmed)}%`;
  const compact = trimmed.replace(/[\s().-]/g, '');
  let phonePrefix: string | null = null;
  let phoneDigits: string | null = null;
  if (/^\+?\d{2,}$/.test(compact)) {
    const digits = compact.replace('+', '');
    if (digits.startsWith('0')) phonePrefix = `+256${digits.slice(1)}%`;
    else if (digits.startsWith('256')) phonePrefix = `+${digits}%`;
    else if (compact !== trimmed) phoneDigits = `%${digits}%`;
  }
  return { text, phonePrefix, phoneDigits };
}

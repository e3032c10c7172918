/** Escapes the LIKE wildcards and the escape character itself, so any text matches literally. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The LIKE patterns for the admin's user search: the text anywhere in name, email or phone number,
 * ignoring case (the repo lower-cases the pattern and the column alike). A term that looks like a phone number also matches the stored +256 form when typed
 * the local way: "0772 123" finds +256772123456.
 */
export function userSearchPatterns(term: string): { text: string; phone: string | null } | null {
  // Control characters never occur in names, emails or phones (and chr 31 separates the fields).
  const trimmed = term.replace(/\p{Cc}/gu, '').trim();
  if (trimmed === '') return null;
  const text = `%${escapeLikePattern(trimmed)}%`;
  const compact = trimmed.replace(/[\s().-]/g, '');
  let phone: string | null = null;
  if (/^\+?\d{2,}$/.test(compact)) {
    const digits = compact.replace('+', '');
    phone = digits.startsWith('0') ? `%256${digits.slice(1)}%` : `%${digits}%`;
  }
  return { text, phone };
}

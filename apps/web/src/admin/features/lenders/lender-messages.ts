/** The Lenders screen's messages (the spec has no lender screen; worded as its others are). */
export const LENDER_MESSAGES = {
  loadFailed: 'Failed to load lenders',
  empty: 'No lenders found. Try adjusting your search or filters.',
  verifyFailed: 'Failed to verify lender',
  noteRequired: 'Write a note on what was checked',
  noteTooLong: 'At most 500 characters',
} as const;

/** The server's limit on a verification note (contract VerifyLenderBody). */
export const NOTE_MAX_LENGTH = 500;

/** The note's problem, or null when the server would take it. */
export function validateNote(note: string): string | null {
  const trimmed = note.trim();
  if (trimmed.length === 0) return LENDER_MESSAGES.noteRequired;
  if (trimmed.length > NOTE_MAX_LENGTH) return LENDER_MESSAGES.noteTooLong;
  return null;
}

import { describe, expect, it } from 'vitest';
import { LENDER_MESSAGES, NOTE_MAX_LENGTH, validateNote } from './lender-messages.ts';

describe('validateNote', () => {
  it('asks for a note when it is empty or only spaces', () => {
    expect(validateNote('')).toBe(LENDER_MESSAGES.noteRequired);
    expect(validateNote('   \n ')).toBe(LENDER_MESSAGES.noteRequired);
  });

  it('refuses more than 500 characters once trimmed', () => {
    expect(validateNote('x'.repeat(NOTE_MAX_LENGTH + 1))).toBe(LENDER_MESSAGES.noteTooLong);
    expect(validateNote(` ${'x'.repeat(NOTE_MAX_LENGTH)} `)).toBeNull();
  });

  it('accepts a short note', () => {
    expect(validateNote('Certificate of incorporation checked')).toBeNull();
  });
});

/**
 * The password rule for every account and every path that sets a password (sign-up, an admin or
 * the CLI making a user, a reset): at least 12 characters, at least 5 different ones. The server
 * also refuses passwords on a list of common and breached ones (docs/users.md); that list stays on
 * the server, where it costs no one a download. This module imports nothing.
 */

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
const MIN_DISTINCT_CHARACTERS = 5;

/** What is wrong with the password's shape, in words for the form; null when it passes. */
export function passwordShapeProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (new Set(password).size < MIN_DISTINCT_CHARACTERS) {
    return 'Use more different characters: this password is too easy to guess.';
  }
  return null;
}

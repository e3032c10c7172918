import { hash, verify } from '@node-rs/argon2';
import { passwordShapeProblem } from '@sente/contract';
import { dictionary } from '@zxcvbn-ts/language-common';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Why a new password is refused, in words for the form, or null: the contract's shape rule, then
 * the list of common and breached passwords that @zxcvbn-ts/language-common ships (about 49,000;
 * compared without case). Every path that sets a password asks this.
 */
export function passwordProblem(password: string): string | null {
  const shape = passwordShapeProblem(password);
  if (shape) return shape;
  commonPasswords ??= new Set(
    (dictionary['passwords-common'] as readonly string[]).map((p) => p.toLowerCase()),
  );
  return commonPasswords.has(password.toLowerCase())
    ? 'This password is on a list of common passwords that attackers try first. Choose another.'
    : null;
}

let commonPasswords: Set<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed check, not a crash.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Verified against when the email is unknown, so a wrong email costs as long as a wrong password. */
export function unusablePasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`no-such-user-${Math.random()}`);
  return dummyHash;
}

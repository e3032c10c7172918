import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password.ts';

describe('passwordProblem: the one rule for every new password', () => {
  it.each([
    ['aaaaaaaa', /at least 12 characters/],
    ['sente-2025!', /at least 12 characters/],
    ['aaaaaaaaaaaa', /more different characters/],
    ['abababababab', /more different characters/],
    ['password1234', /common passwords/],
    ['PASSWORD1234', /common passwords/],
    ['x'.repeat(257), /at most 256/],
  ])('refuses %j', (password, reason) => {
    expect(passwordProblem(password)).toMatch(reason);
  });

  it.each(['correct-horse-battery', 'Nakato shop 2026', 'sente-demo-2025'])('accepts %j', (password) => {
    expect(passwordProblem(password)).toBeNull();
  });
});

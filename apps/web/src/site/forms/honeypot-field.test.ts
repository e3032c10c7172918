import { HONEYPOT_FIELD } from '@sente/contract';
import { describe, expect, it } from 'vitest';
import { HONEYPOT_NAME } from './honeypot-field.tsx';

describe('HoneypotField', () => {
  it('uses the field name the server treats as the spam trap', () => {
    expect(HONEYPOT_NAME).toBe(HONEYPOT_FIELD);
  });
});

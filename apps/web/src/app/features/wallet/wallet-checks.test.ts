import { describe, expect, it } from 'vitest';
import { checkWalletRequest } from './wallet-checks.ts';

const deposit = { action: 'deposit', amount: '50,000', phone: '0772 123 456', available: null } as const;

describe('checkWalletRequest', () => {
  it('sends a whole amount typed with commas and the number in its stored form', () => {
    expect(checkWalletRequest(deposit)).toEqual({
      isValid: true,
      body: { amount: 50_000, phone_number: '+256772123456' },
    });
    expect(checkWalletRequest({ ...deposit, amount: 'UGX 1500000' })).toMatchObject({
      body: { amount: 1_500_000 },
    });
  });

  it('refuses an amount that is not whole shillings above 0', () => {
    for (const amount of ['', '0', '1.5', '-5000', 'fifty', '5,00']) {
      expect(checkWalletRequest({ ...deposit, amount })).toEqual({
        isValid: false,
        errors: { amount: 'Enter the amount in whole shillings, like 50,000', phone_number: undefined },
      });
    }
  });

  it('refuses a withdrawal above the cash available, saying how much there is', () => {
    const withdraw = { ...deposit, action: 'withdraw', available: 120_000 } as const;
    expect(checkWalletRequest({ ...withdraw, amount: '120,000' }).isValid).toBe(true);
    expect(checkWalletRequest({ ...withdraw, amount: '120,001' })).toEqual({
      isValid: false,
      errors: { amount: 'You have UGX 120,000 available; withdraw that or less', phone_number: undefined },
    });
    expect(checkWalletRequest({ ...withdraw, available: 0 })).toMatchObject({
      errors: { amount: 'There is nothing in your wallet to withdraw yet' },
    });
  });

  it('leaves a withdrawal to the server when the cash available is not known', () => {
    expect(checkWalletRequest({ ...deposit, action: 'withdraw', amount: '9,000,000' }).isValid).toBe(true);
  });

  it('never limits a deposit by the cash available', () => {
    expect(checkWalletRequest({ ...deposit, available: 0 }).isValid).toBe(true);
  });

  it('asks for a Ugandan mobile number', () => {
    expect(checkWalletRequest({ ...deposit, phone: ' ' })).toMatchObject({
      errors: { phone_number: 'Choose the number to pay from' },
    });
    expect(checkWalletRequest({ ...deposit, action: 'withdraw', phone: '' })).toMatchObject({
      errors: { phone_number: 'Choose the number to send the money to' },
    });
    expect(checkWalletRequest({ ...deposit, phone: '0412 123 456' })).toMatchObject({
      errors: { phone_number: 'Enter a Ugandan mobile number like 0772 123 456' },
    });
  });
});

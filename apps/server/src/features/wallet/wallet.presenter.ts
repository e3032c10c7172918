import { toUgxString } from '@sente/contract';
import type { WalletBalance } from './wallet.service.ts';

export function toWalletBalanceDto(balance: WalletBalance) {
  return {
    user_id: balance.userId,
    balance: toUgxString(balance.available + balance.pendingWithdrawals),
    available_balance: toUgxString(balance.available),
    pending_withdrawals: toUgxString(balance.pendingWithdrawals),
    currency: 'UGX' as const,
  };
}

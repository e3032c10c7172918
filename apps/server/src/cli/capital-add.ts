import { formatUgx, UgxInput } from '@sente/contract';
import { type CliContext, CliUsageError, parseOptions, requireServices } from './cli-options.ts';

/** Owners' capital paid into the float, for a production database without demo data. */
export async function runCapitalAdd(args: string[], context: CliContext | null): Promise<string> {
  const services = requireServices(context);
  const values = parseOptions(args, {
    amount: { type: 'string' },
    reference: { type: 'string' },
    key: { type: 'string' },
  });
  const amount = UgxInput.safeParse(values.amount);
  const reference = values.reference?.trim();
  const key = values.key?.trim();
  if (!amount.success || !reference || !key || !/^[\w.:-]{8,200}$/.test(key)) {
    throw new CliUsageError(
      'capital:add needs --amount (whole shillings above 0), --reference (of the transfer) and --key (8-200 letters, digits, "-", "_", ".", ":"; the same key never posts twice)',
    );
  }
  const paid = await services.capital.payIn({
    amount: amount.data,
    reference,
    idempotencyKey: key,
    adminId: null,
  });
  return `Capital ${formatUgx(paid.amount)} (reference ${paid.reference}) is posting ${paid.postingId}; the platform wallet holds ${formatUgx(paid.platformWalletBalance)}`;
}

import {
  addDays,
  formatKampalaDate,
  formatNumber,
  formatUgx,
  kampalaDate,
  type Offer,
} from '@sente/contract';

/**
 * The key facts statement of one offer: what the loan costs in full, in the same words for every
 * offer so they can be compared line by line. The figures are the server's (priced as the loan).
 */
export function KeyFacts({ offer, now }: { readonly offer: Offer; readonly now: number }) {
  const ifPaidToday = formatKampalaDate(addDays(kampalaDate(new Date(now)), 7));
  const rows: readonly [string, string][] = [
    ['Amount you receive', formatUgx(offer.amount)],
    ['Interest rate', `${offer.rate}% a month`],
    ['Weekly installment', formatUgx(offer.weekly_repayment)],
    ['Number of installments', `${formatNumber(offer.term_weeks)} weekly`],
    ['First installment due', `7 days after the money reaches you (${ifPaidToday} if paid today)`],
    ['Total interest', formatUgx(offer.total_interest)],
    ['Total to repay', formatUgx(offer.total_payable)],
    ['Fees', 'None'],
    ['Paying early', 'Allowed at any time, with no penalty'],
    ['Funded by', offer.lenders === 1 ? '1 lender' : `${offer.lenders} lenders`],
  ];
  return (
    <dl className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700">
      {rows.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-3 py-1.5">
          <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="text-right font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

import { formatUgx, ugxOrZero } from '@sente/contract';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { StatCard } from '../../../ui/stat-card.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { useAppUser } from '../../shell/app-user.tsx';
import { QueryState } from '../../shell/query-state.tsx';
import { RequireRole } from '../../shell/require-role.tsx';
import { useDraft } from '../../shell/use-draft.ts';
import { PaymentProgress, type PaymentWords } from '../payments/payment-progress.tsx';
import { usePortfolio } from '../portfolio/use-portfolio.ts';
import { useWalletBalance, WALLET_QUERIES } from './use-wallet.ts';
import type { WalletAction } from './wallet-checks.ts';
import { type WalletDraft, WalletForm } from './wallet-form.tsx';
import { WalletHistory } from './wallet-history.tsx';

const WORDS: Readonly<Record<WalletAction, PaymentWords>> = {
  deposit: {
    direction: 'collection',
    done: 'Deposited',
    doneText: 'The money is in your wallet, ready to lend.',
    failed: 'The deposit did not go through',
  },
  withdraw: {
    direction: 'payout',
    done: 'Sent',
    doneText: 'The money is on your mobile-money account.',
    failed: 'The withdrawal did not go through',
  },
};

/** /app/wallet: the lender's cash, deposits and withdrawals by mobile money, and their history. */
export function WalletPage() {
  return (
    <RequireRole allowed="lender">
      <Wallet />
    </RequireRole>
  );
}

function Wallet() {
  useDocumentTitle('Wallet');
  const user = useAppUser();
  const portfolio = usePortfolio();
  const balance = useWalletBalance();
  const [draft, setDraft] = useDraft<WalletDraft>('wallet', {
    action: 'deposit',
    amount: '',
    phone: user.phone_number ?? '',
    pending: null,
  });
  const onWay = ugxOrZero(balance.data?.pending_withdrawals);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Wallet</h1>
      <section aria-labelledby="cash-title" className="flex flex-col gap-3">
        <h2 id="cash-title" className="text-lg font-bold">
          Your cash
        </h2>
        <QueryState query={portfolio} label="your cash">
          {(cash) => (
            <div className="grid gap-3 sm:grid-cols-2">
              <StatCard
                label="Available"
                value={formatUgx(cash.cash_available)}
                hint="Free to bid with or withdraw"
              />
              <StatCard
                label="Reserved"
                value={formatUgx(cash.cash_reserved)}
                hint="Held for your bids and accepted offers"
              />
            </div>
          )}
        </QueryState>
        {onWay > 0 ? <p>{formatUgx(onWay)} is on its way to your phone.</p> : null}
        <Link to={paths.appPortfolio} className={textLinkClass}>
          See your portfolio
        </Link>
      </section>
      <section aria-labelledby="move-title" className="flex flex-col gap-3">
        <h2 id="move-title" className="text-lg font-bold">
          Deposit or withdraw
        </h2>
        {draft.pending ? (
          <PaymentProgress
            userId={user.id}
            transactionId={draft.pending.id}
            startedAt={draft.pending.startedAt}
            words={WORDS[draft.pending.action]}
            refreshOnFinal={WALLET_QUERIES}
            onDone={() => setDraft((current) => ({ ...current, pending: null }))}
          />
        ) : (
          <WalletForm
            draft={draft}
            available={portfolio.data ? ugxOrZero(portfolio.data.cash_available) : null}
            onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
          />
        )}
      </section>
      <WalletHistory userId={user.id} />
    </div>
  );
}

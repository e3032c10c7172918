// Filled in once the money API (GET /api/wallet/user/:userId/transactions/) is on main.
export interface UserTransactionsTab {
  readonly count: number | undefined;
}

export function useUserTransactionsTab(_userId: number, _isOpened: boolean): UserTransactionsTab {
  return { count: undefined };
}

export function UserTransactionsPanel(_props: { readonly tab: UserTransactionsTab }) {
  return <p>Transaction history is not available yet.</p>;
}

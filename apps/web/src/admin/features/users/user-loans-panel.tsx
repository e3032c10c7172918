// Filled in once the lending API (GET /api/loans/user/:id/loans/) is on main.
export interface UserLoansTab {
  readonly count: number | undefined;
}

export function useUserLoansTab(_userId: number, _isOpened: boolean): UserLoansTab {
  return { count: undefined };
}

export function UserLoansPanel(_props: { readonly tab: UserLoansTab }) {
  return <p>Loan history is not available yet.</p>;
}

import { PageHeading } from '../../shell/page-heading.tsx';

export function TransactionsPage() {
  return <PageHeading>All Platform Transactions</PageHeading>;
}

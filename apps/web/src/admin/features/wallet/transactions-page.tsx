import { PageHeading } from '../../shell/page-heading.tsx';

export function TransactionsPage() {
  return <PageHeading title="All Platform Transactions" />;
}

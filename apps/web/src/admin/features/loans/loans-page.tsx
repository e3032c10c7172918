import { PageHeading } from '../../shell/page-heading.tsx';

export function LoansPage() {
  return <PageHeading title="Loans" />;
}

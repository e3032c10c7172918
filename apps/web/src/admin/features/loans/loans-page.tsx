import { PageHeading } from '../../shell/page-heading.tsx';

export function LoansPage() {
  return <PageHeading>Loans</PageHeading>;
}

import { PageHeading } from '../../shell/page-heading.tsx';

export function DashboardPage() {
  return <PageHeading title="Dashboard" />;
}

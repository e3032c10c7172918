import { PageHeading } from '../../shell/page-heading.tsx';

export function ApplicationsPage() {
  return <PageHeading title="Applications" />;
}

import { PageHeading } from '../../shell/page-heading.tsx';

export function UsersPage() {
  return <PageHeading title="User Management" />;
}

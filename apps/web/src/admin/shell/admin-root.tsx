import { AdminLayout } from './admin-layout.tsx';
import { RequireAdmin } from './require-admin.tsx';

/** The /dashboard route element: the guard around the back-office layout. */
export function AdminRoot() {
  return (
    <RequireAdmin>
      <AdminLayout />
    </RequireAdmin>
  );
}

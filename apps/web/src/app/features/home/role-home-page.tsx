import { useAppUser } from '../../shell/app-user.tsx';
import { LenderHomePage } from '../lender/lender-home-page.tsx';
import { BorrowerHomePage } from './borrower-home-page.tsx';

/** /app: each role's own home. */
export function RoleHomePage() {
  const user = useAppUser();
  return user.role === 'lender' ? <LenderHomePage /> : <BorrowerHomePage />;
}

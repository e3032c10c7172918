import type { AdminLender } from '@sente/contract';
import { useState } from 'react';
import { serverReason } from '../../../lib/api-error-message.ts';
import { useUrlPaging } from '../../../lib/use-url-paging.ts';
import { useUrlSearch } from '../../../lib/use-url-search.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { DismissibleSuccess } from '../../../ui/notice.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { PageHeading } from '../../shell/page-heading.tsx';
import { LENDER_MESSAGES } from './lender-messages.ts';
import { LendersTable } from './lenders-table.tsx';
import { useLenderList } from './use-lenders.ts';
import { VerifyLenderDialog } from './verify-lender-dialog.tsx';

export function LendersPage() {
  const url = useUrlState();
  const paging = useUrlPaging();
  const verified = url.oneOf('verified', ['true', 'false', ''], '');
  const { search, input: searchInput, setInput: setSearchInput } = useUrlSearch(url);
  const list = useLenderList({ ...paging, verified, search });
  const [dismissedError, setDismissedError] = useState<Error | null>(null);
  const [toVerify, setToVerify] = useState<AdminLender | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Lenders" />
      <p className="text-slate-700 dark:text-slate-300">
        Lenders waiting for verification (KYC and terms complete) come first. Only verified lenders may bid.
      </p>
      {success ? <DismissibleSuccess message={success} onDismiss={() => setSuccess(null)} /> : null}
      {list.isError && list.error !== dismissedError ? (
        <ErrorBanner
          message={LENDER_MESSAGES.loadFailed}
          reason={serverReason(list.error)}
          onRetry={() => void list.refetch()}
          onDismiss={() => setDismissedError(list.error)}
        />
      ) : null}
      <LendersTable
        list={list}
        paging={paging}
        onVerify={(lender) => {
          setSuccess(null);
          setToVerify(lender);
        }}
        toolbar={
          <>
            <SearchField
              label="Search lenders"
              placeholder="Search name or email..."
              value={searchInput}
              onChange={setSearchInput}
              className="w-full sm:w-72"
            />
            <SelectField
              label="Verification"
              isLabelHidden
              value={verified}
              onChange={(event) => url.update({ verified: event.target.value })}
              options={[
                { value: '', label: 'All Lenders' },
                { value: 'false', label: 'Not verified' },
                { value: 'true', label: 'Verified' },
              ]}
            />
          </>
        }
      />
      <VerifyLenderDialog
        lender={toVerify}
        onClose={() => setToVerify(null)}
        onVerified={(lender) => {
          setToVerify(null);
          setSuccess(`${lender.name} is verified and may now bid on listings.`);
        }}
      />
    </div>
  );
}

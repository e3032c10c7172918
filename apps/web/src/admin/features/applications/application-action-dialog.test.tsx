import type { ApplicationDto } from '@sente/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeFetch, delay, json, storeSession } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render-admin.tsx';
import { ToastProvider } from '../../../ui/toast.tsx';
import { ApplicationActionDialog } from './application-action-dialog.tsx';

const application: ApplicationDto = {
  id: 12,
  user: 3,
  user_name: 'Namubiru Grace',
  business_name: 'Grace Beauty Salon',
  business_location: 'Kampala, Owino Market',
  business_type: 'Salon',
  status: 'PENDING',
  amount_requested: '500000.00',
  loan_term: 2,
  loan_type: 1,
  loan_type_name: 'Working Capital',
  loan_purpose: 'Dryers',
  monthly_income: '1500000.00',
  nin: 'CF90010112345A',
  approved_loan: null,
  admin_notes: null,
  decided_by: null,
  decided_by_name: null,
  decided_at: null,
  credit_score: 95,
  credit_reasons: [],
  document_count: 3,
  document_types: [],
  listing: null,
  created_at: '2026-11-26T09:00:00Z',
  updated_at: '2026-11-26T09:00:00Z',
};

/** The review as the contract has it (a test build checks every answer against it). */
const review = (flags: ReadonlyArray<{ code: string; message: string }>) => ({
  application,
  applicant: {
    id: 3,
    name: 'Namubiru Grace',
    email: 'grace@example.ug',
    phone_number: '+256772123456',
    status: 'Active',
    joined_at: '2026-06-01T09:00:00Z',
  },
  monthly_repayment: '280000.00',
  flags,
  loan: null,
  history: [],
});

function renderDialog(action: 'approve' | 'reject' | 'disburse') {
  storeSession('a1', 'r1');
  return renderAt('/dashboard/applications', [
    {
      path: '/dashboard/applications',
      element: (
        <ToastProvider>
          <ApplicationActionDialog pending={{ application, action }} onClose={() => {}} onDone={() => {}} />
        </ToastProvider>
      ),
    },
  ]);
}

describe('ApplicationActionDialog', () => {
  it('keeps Approve disabled until the flags to weigh are on screen, and sends nothing meanwhile', async () => {
    let release = () => {};
    const flagsArrive = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetch, calls } = createFakeFetch(async (call) => {
      if (call.url.includes('/review/')) {
        await flagsArrive;
        return json(
          200,
          review([{ code: 'OTHER_OPEN_LOAN', message: 'Already borrowing: 1 open loan, SL-2026-000003' }]),
        );
      }
      return json(409, { error: 'Only a pending application can be approved' });
    });
    vi.stubGlobal('fetch', fetch);
    renderDialog('approve');

    expect(await screen.findByText('Checking what needs a look...')).toBeTruthy();
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect((approve as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(approve);
    await delay(20);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    release();
    expect(await screen.findByText('Already borrowing: 1 open loan, SL-2026-000003')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('lets the admin decide when the flags cannot be loaded, saying so', async () => {
    const { fetch } = createFakeFetch(() => json(404, { error: 'Not found' }));
    vi.stubGlobal('fetch', fetch);
    renderDialog('reject');
    expect(
      await screen.findByText("Could not load what needs a look; open the application's page to see it."),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('does not wait for flags on a disbursement, which shows none', async () => {
    const { fetch, calls } = createFakeFetch(() => json(500, { error: 'unexpected' }));
    vi.stubGlobal('fetch', fetch);
    renderDialog('disburse');
    expect(((await screen.findByRole('button', { name: 'Disburse' })) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(calls.filter((c) => c.url.includes('/review/'))).toEqual([]);
  });
});

import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../lib/theme-provider.tsx';
import { createFakeFetch, json } from '../test/fake-api.ts';
import { SiteRoute } from './site-route.tsx';

describe('SiteRoute (a public page inside the single-page app)', () => {
  it('prices the calculator with the live ACTIVE loan types, fetched once', async () => {
    const { fetch, calls } = createFakeFetch(() =>
      json(200, {
        results: [
          {
            id: 9,
            loan_type_name: 'Boda Boda Asset Finance',
            min_amount: '500000.00',
            max_amount: '4000000.00',
            interest_rate: '2.50',
            interest_type: 'FLAT',
            appraisal_time: 'Under 24 hours',
            status: 'ACTIVE',
          },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const router = createMemoryRouter([{ path: '*', element: <SiteRoute /> }], {
      initialEntries: ['/how-it-works'],
    });
    await act(async () => {
      render(
        <ThemeProvider>
          <RouterProvider router={router} />
        </ThemeProvider>,
      );
    });

    const type = (await screen.findByLabelText('Loan type')) as HTMLSelectElement;
    expect([...type.options].map((option) => option.text)).toEqual(['Boda Boda Asset Finance']);
    // FLAT 1,000,000 over 6 months at 2.5%: interest 1,000,000 × 0.025 × 6 = 150,000.
    expect(screen.getByText('UGX 150,000')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/public/loan-types/']);
  });
});

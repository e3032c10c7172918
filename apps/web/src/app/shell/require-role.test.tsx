import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppUser } from '../session/app-session.ts';
import { AppUserContext } from './app-user.tsx';
import { RequireRole } from './require-role.tsx';

const user = (role: AppUser['role']): AppUser => ({
  id: 3,
  name: 'Grace Achieng',
  email: 'grace@example.ug',
  username: 'grace',
  phone_number: '+256772123456',
  role,
  status: 'Active',
  registration_date: '2026-01-05T09:00:00.000Z',
  phone_verified: true,
});

function renderAs(role: AppUser['role']) {
  const router = createMemoryRouter(
    [
      {
        path: '/app/wallet',
        element: (
          <AppUserContext.Provider value={user(role)}>
            <RequireRole forRole="lender">
              <h1>Wallet</h1>
            </RequireRole>
          </AppUserContext.Provider>
        ),
      },
    ],
    { initialEntries: ['/app/wallet'] },
  );
  render(<RouterProvider router={router} />);
}

describe('RequireRole', () => {
  it('shows the screen to its role', () => {
    renderAs('lender');
    expect(screen.getByRole('heading', { name: 'Wallet' })).toBeTruthy();
  });

  it('tells anyone else whose screen it is, with the way home', () => {
    renderAs('borrower');
    expect(screen.queryByRole('heading', { name: 'Wallet' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'This screen is for lenders' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your home screen' }).getAttribute('href')).toBe('/app');
  });
});

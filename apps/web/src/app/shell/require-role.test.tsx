import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppUser } from '../session/app-session.ts';
import { AppUserContext } from './app-user.tsx';
import { RequireRole } from './require-role.tsx';

const person = (role: AppUser['role']): AppUser =>
  ({ id: 5, name: 'Okello James', email: 'okello@example.ug', role, phone_verified: true }) as AppUser;

function renderAs(role: AppUser['role']) {
  return render(
    <MemoryRouter>
      <AppUserContext.Provider value={person(role)}>
        <RequireRole allowed="lender">
          <h1>Marketplace</h1>
        </RequireRole>
      </AppUserContext.Provider>
    </MemoryRouter>,
  );
}

describe('RequireRole', () => {
  it('shows the screen to its role', () => {
    renderAs('lender');
    expect(screen.getByRole('heading', { name: 'Marketplace' })).toBeTruthy();
  });

  it('tells anyone else the screen is not theirs, with a link home, and shows none of it', () => {
    renderAs('borrower');
    expect(screen.getByRole('heading', { name: 'This screen is for lenders' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Marketplace' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your home screen' }).getAttribute('href')).toBe('/app');
  });
});

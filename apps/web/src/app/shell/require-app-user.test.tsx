import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readSession } from '../../lib/session.ts';
import { adminUser, createFakeFetch, json, storeSession } from '../../test/fake-api.ts';
import { renderAt } from '../../test/render-admin.tsx';
import { readAppSession, saveAppSession } from '../session/app-session.ts';
import { useAppUser } from './app-user.tsx';
import { RequireAppUser } from './require-app-user.tsx';

const borrower = {
  ...adminUser,
  id: 7,
  name: 'Amina Nakato',
  role: 'borrower' as const,
  phone_verified: false,
};

function Home() {
  const user = useAppUser();
  return <h1>Hello, {user.name}</h1>;
}

function renderGuarded() {
  return renderAt('/app/profile', [
    { path: '/login', element: <h1>Admin Login</h1> },
    { path: '/app/login', element: <h1>Sign in</h1> },
    {
      path: '/app/profile',
      element: (
        <RequireAppUser>
          <Home />
        </RequireAppUser>
      ),
    },
  ]);
}

describe('RequireAppUser', () => {
  it('sends a signed-out visitor to /app/login, even with a back-office session', async () => {
    storeSession('admin-access', 'admin-refresh');
    renderGuarded();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(readSession()?.accessToken).toBe('admin-access');
  });

  it('draws the stored user at once, then the server’s answer, which is stored', async () => {
    saveAppSession({ access: 'a1', refresh: 'r1', user: borrower });
    const { fetch } = createFakeFetch(() =>
      json(200, { ...borrower, phone_verified: true, name: 'Amina N.' }),
    );
    vi.stubGlobal('fetch', fetch);
    renderGuarded();
    expect(screen.getByRole('heading', { name: 'Hello, Amina Nakato' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Hello, Amina N.' })).toBeTruthy();
    expect(readAppSession()?.user.phone_verified).toBe(true);
  });

  it('keeps the stored user on screen when the phone is offline', async () => {
    saveAppSession({ access: 'a1', refresh: 'r1', user: borrower });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderGuarded();
    expect(screen.getByRole('heading', { name: 'Hello, Amina Nakato' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { name: 'Hello, Amina Nakato' })).toBeTruthy();
    expect(readAppSession()).not.toBeNull();
  });

  it('drops an admin’s token found in the app and sends the admin to the back-office login', async () => {
    saveAppSession({ access: 'a1', refresh: 'r1', user: { ...borrower, role: 'admin' } });
    renderGuarded();
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(readAppSession()).toBeNull();
  });
});

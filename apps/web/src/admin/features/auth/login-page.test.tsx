import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, createFakeFetch, delay, json } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render-admin.tsx';
import { LoginPage } from './login-page.tsx';

function renderLogin() {
  return renderAt('/login', [
    { path: '/login', element: <LoginPage /> },
    { path: '/dashboard', element: <h1>Dashboard</h1> },
  ]);
}

function signIn(email = 'grace@sente.ug', password = 'correct horse') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('shows the Admin Login form with required, labelled email and password fields', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText('Password').hasAttribute('required')).toBe(true);
  });

  it('stores tokens and user and goes to /dashboard on success, reading Logging in... meanwhile', async () => {
    const { fetch } = createFakeFetch(() =>
      delay(20).then(() => json(200, { access: 'a1', refresh: 'r1', user: adminUser })),
    );
    vi.stubGlobal('fetch', fetch);
    renderLogin();
    signIn();

    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
    expect(localStorage.getItem('accessToken')).toBe('a1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(adminUser);
  });

  it("shows the server's error text when sign-in is refused", async () => {
    const { fetch } = createFakeFetch(() => json(401, { error: 'Invalid email or password' }));
    vi.stubGlobal('fetch', fetch);
    renderLogin();
    signIn();

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('falls back to Login failed. Please try again. when the server gives no reason', async () => {
    const { fetch } = createFakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    renderLogin();
    signIn();

    expect((await screen.findByRole('alert')).textContent).toBe('Login failed. Please try again.');
  });

  it('keeps a signed-in borrower out and stores nothing', async () => {
    const borrower = { ...adminUser, id: 2, role: 'borrower' };
    const { fetch } = createFakeFetch(() => json(200, { access: 'a1', refresh: 'r1', user: borrower }));
    vi.stubGlobal('fetch', fetch);
    renderLogin();
    signIn();

    expect((await screen.findByRole('alert')).textContent).toBe('This account does not have admin access.');
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('asks an admin with two-factor sign-in for the Authentication code, then stores the session', async () => {
    const { fetch, calls } = createFakeFetch((call) => {
      if (call.url.endsWith('/api/auth/login/'))
        return json(200, { mfa_required: true, mfa_token: 'challenge-1', mfa_setup_required: false });
      const code = (call.body as { code: string }).code;
      if (code !== 'k3mf-9tqa-xr') return json(401, { error: 'Invalid authentication code' });
      return json(200, { access: 'a2', refresh: 'r2', user: adminUser });
    });
    vi.stubGlobal('fetch', fetch);
    renderLogin();
    signIn();

    const codeField = await screen.findByLabelText('Authentication code');
    expect(localStorage.getItem('accessToken')).toBeNull();
    fireEvent.change(codeField, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid authentication code');

    // A recovery code is accepted in the same field.
    fireEvent.change(codeField, { target: { value: 'k3mf-9tqa-xr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(localStorage.getItem('accessToken')).toBe('a2');
    expect(calls.at(-1)?.body).toEqual({ mfa_token: 'challenge-1', code: 'k3mf-9tqa-xr' });
  });
});

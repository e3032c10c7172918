import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ThemeToggle } from '../ui/theme-toggle.tsx';
import { ThemeProvider, useTheme } from './theme-provider.tsx';

function stubSystemDark(isDark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isDark,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('ThemeProvider', () => {
  it('throws a developer error when useTheme is used outside a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useTheme())).toThrow('useTheme must be used within a ThemeProvider');
  });

  it('defaults to system and follows the operating system', () => {
    stubSystemDark(true);
    const { result } = renderHook(() => useTheme(), { wrapper: ThemeProvider });
    expect(result.current.theme).toBe('system');
    expect(result.current.resolvedTheme).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('switches between light and dark and remembers the choice under vite-ui-theme', () => {
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Switch to dark theme' }).click());
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('vite-ui-theme')).toBe('dark');

    act(() => screen.getByRole('button', { name: 'Switch to light theme' }).click());
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('vite-ui-theme')).toBe('light');
  });

  it('reads and writes a configurable storage key', () => {
    localStorage.setItem('sente-theme', 'dark');
    const { result } = renderHook(() => useTheme(), {
      wrapper: ({ children }) => <ThemeProvider storageKey="sente-theme">{children}</ThemeProvider>,
    });
    expect(result.current.theme).toBe('dark');
    act(() => result.current.toggleTheme());
    expect(localStorage.getItem('sente-theme')).toBe('light');
    expect(localStorage.getItem('vite-ui-theme')).toBeNull();
  });
});

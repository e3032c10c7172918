import { useTheme } from '../lib/theme-provider.tsx';
import { buttonClassName } from './button.tsx';
import { Icon } from './icon.tsx';

export function ThemeToggle() {
  const { resolvedTheme, toggleTheme } = useTheme();
  const isDark = resolvedTheme === 'dark';
  const label = isDark ? 'Switch to light theme' : 'Switch to dark theme';
  // Both icons are in the markup and CSS shows the right one, so a prerendered page is right before hydration.
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      className={buttonClassName('ghost', 'icon')}
    >
      <Icon name="sun" className="hidden size-5 dark:block" />
      <Icon name="moon" className="size-5 dark:hidden" />
    </button>
  );
}

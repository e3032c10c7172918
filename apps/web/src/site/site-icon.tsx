import { Icon, type IconName } from '../ui/icon.tsx';

/** The decorative icon of a product or feature card, in a tinted square. */
export function SiteIcon({ name }: { readonly name: IconName }) {
  return (
    <span className="inline-flex size-11 items-center justify-center rounded-xl bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
      <Icon name={name} className="size-6" />
    </span>
  );
}

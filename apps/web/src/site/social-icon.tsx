import type { SocialLink } from './content/site.ts';

// Simple hand-drawn marks (24×24, currentColor), so no icon font or third-party host is needed.
const glyphs: Record<SocialLink['icon'], string> = {
  facebook: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z',
  x: 'M4 4h4.5l4 5.6L17.3 4H20l-6.3 7.3L20.5 20H16l-4.4-6.1L6.3 20H3.5l6.8-7.8z',
  linkedin:
    'M4 9h3.5v11H4zM5.7 3.5a2 2 0 110 4 2 2 0 010-4zM10 9h3.3v1.6c.5-.9 1.7-1.9 3.6-1.9 3.7 0 4.1 2.4 4.1 5.4V20h-3.5v-5.2c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20H10z',
  instagram:
    'M8 3h8a5 5 0 015 5v8a5 5 0 01-5 5H8a5 5 0 01-5-5V8a5 5 0 015-5zm0 2a3 3 0 00-3 3v8a3 3 0 003 3h8a3 3 0 003-3V8a3 3 0 00-3-3zm4 3.5a3.5 3.5 0 110 7 3.5 3.5 0 010-7zm0 2a1.5 1.5 0 100 3 1.5 1.5 0 000-3zM17 6a1 1 0 110 2 1 1 0 010-2z',
};

export function SocialIcon({ name }: { readonly name: SocialLink['icon'] }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="currentColor">
      <path d={glyphs[name]} />
    </svg>
  );
}

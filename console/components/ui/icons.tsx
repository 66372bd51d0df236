/** The console's line icons (navigation items and the top bar). */
export type NavIcon = 'home' | 'customers' | 'display' | 'referrals' | 'points' | 'loyalty' | 'emails' | 'integrations' | 'analytics' | 'settings' | 'help';

const PATHS: Record<NavIcon | 'menu' | 'search' | 'chevron' | 'external', string> = {
  home: 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  customers: 'M16 11a4 4 0 1 0-8 0 4 4 0 0 0 8 0zM4 21a8 8 0 0 1 16 0',
  display: 'M3 5h18v12H3zM8 21h8M12 17v4',
  referrals: 'M7 7a3 3 0 1 0 0 .01M17 17a3 3 0 1 0 0 .01M17 7a3 3 0 1 0 0 .01M9.6 8.4l4.8-1M9.6 9.6l4.8 5.8',
  points: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  loyalty: 'M5 9l7-6 7 6-7 12z',
  emails: 'M3 5h18v14H3zM3 6l9 7 9-7',
  integrations: 'M9 3v6M15 3v6M6 9h12v3a6 6 0 0 1-12 0zM12 18v3',
  analytics: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-2.9-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1A1.7 1.7 0 0 0 3 15H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.2-2.9l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1A1.7 1.7 0 0 0 9 4.6V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1A1.7 1.7 0 0 0 21 11h.1a2 2 0 1 1 0 4z',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5v.01',
  menu: 'M3 6h18M3 12h18M3 18h18',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5',
  chevron: 'M6 9l6 6 6-6',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
};

export function Icon({ name, size = 18 }: { name: keyof typeof PATHS; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** The product wordmark; 175 px wide in the top bar, 104 px in the compact bar (spec §2). */
export function Logo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 175 32" role="img" aria-label="Loyalty Studio" preserveAspectRatio="xMinYMid meet">
      <rect x="0" y="3" width="26" height="26" rx="7" fill="#2bb38a" />
      <path d="M13 9.5l2.2 4.5 5 .7-3.6 3.5.9 5L13 20.8l-4.5 2.4.9-5-3.6-3.5 5-.7z" fill="#0d1f19" />
      <text x="34" y="22" fill="currentColor" fontFamily="inherit" fontSize="16" fontWeight="700">
        Loyalty Studio
      </text>
    </svg>
  );
}

import { lazyComponent, type Feature, type FeatureRoute, type NavItem } from '../../lib/feature.ts';
import { EMAIL_SUB_ITEMS } from './email-pages.ts';

const screen = lazyComponent(() => import('./EmailsPage.tsx').then((m) => m.EmailsPage));
const emailPurpose = (label: string) => `Design the "${label}" email your members receive: subject, content and a test send.`;
const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export const emailsFeature: Feature = {
  id: 'emails',
  routes: [
    { path: '/emails/email-dashboard', title: 'Emails', purpose: 'All program emails in the visual email editor, with starter templates.', screen },
    { path: '/emails', title: 'Emails', purpose: 'The emails your members receive when they earn, redeem, refer or change tier.', screen },
    ...EMAIL_SUB_ITEMS.map(([label, path]): FeatureRoute => ({
      path,
      title: label,
      purpose: emailPurpose(label),
      screen,
      back: { to: '/emails', label: 'Emails' },
    })),
    ...EMAIL_SUB_ITEMS.map(([label, path]): FeatureRoute => ({
      path: path.replace('/emails/', '/emails/email-editor/'),
      title: `${label} — visual editor`,
      purpose: emailPurpose(label),
      screen,
      back: { to: '/emails/email-dashboard/', label: 'Emails' },
    })),
  ],
  nav: {
    section: 'main',
    // the visual editor has one dashboard; the built-in editor lists each email
    item: ({ emailEditor }): NavItem =>
      emailEditor
        ? { id: 'emails', label: 'Emails', path: '/emails/email-dashboard/', icon: 'emails' }
        : {
            id: 'emails',
            label: 'Emails',
            path: '/emails',
            icon: 'emails',
            children: EMAIL_SUB_ITEMS.map(([label, path]) => ({ id: `emails.${slug(label)}`, label, path })),
          },
  },
};

/** The menu that inserts a template placeholder (spec §3) into a text field. */
import { useState } from 'react';
import { PLACEHOLDERS } from '../../renderers/contract/index.ts';
import { Popover } from './Popover.tsx';

const PLACEHOLDER_LABELS: Record<(typeof PLACEHOLDERS)[number], string> = {
  first_name: 'First name',
  loyalty_points_balance: 'Points balance',
  points_label: 'Points label',
  customer_name: 'Customer name',
  points_earned: 'Points earned',
  referrals_earned: 'Referrals earned',
  full_name: 'Full name',
  points_label_singular: 'Points label (one)',
  earn_rate: 'Earn rate (order rule)',
  signup_points: 'Sign-up points (rule)',
  birthday_points: 'Birthday points (rule)',
  referral_reward: 'Referrer reward (referral settings)',
  friend_reward: 'Friend reward (referral settings)',
};

export function PlaceholderMenu({ fieldLabel, onInsert }: { fieldLabel: string; onInsert(token: string): void }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      role="menu"
      className="bs-menu"
      placement="bottom-end"
      gap={4}
      trigger={{ className: 'bs-link-button', 'aria-label': `Insert placeholder into ${fieldLabel}`, children: 'Insert placeholder' }}
    >
      {PLACEHOLDERS.map((name) => (
        <button
          key={name}
          type="button"
          role="menuitem"
          className="bs-menu__item"
          onClick={() => {
            onInsert(`{${name}}`);
            setOpen(false);
          }}
        >
          {PLACEHOLDER_LABELS[name]} <code>{`{${name}}`}</code>
        </button>
      ))}
    </Popover>
  );
}

import { Switch } from '../../../components/ui/aria/Switch.tsx';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { LibraryIcon } from '../../../components/ui/LibraryIcon.tsx';
import type { IconId } from '../../../../presets/icons.ts';

export interface RuleCardProps {
  icon: IconId;
  title: string;
  /** what it gives or costs, e.g. "1 point per $1 spent" */
  summary: string;
  /** limits, minimum order, expiry… */
  details: string[];
  active: boolean;
  toggling: boolean;
  /** the changes the role may make; without them the card is read only */
  actions?: { onToggle: (active: boolean) => void; onEdit: () => void; onDelete: () => void } | undefined;
  /** the card title's heading level under its section */
  level?: 3 | 4;
}

/** One way to earn or to redeem: icon, title, points, limits, status switch, edit and delete. */
export function RuleCard({ icon, title, summary, details, active, toggling, actions, level = 4 }: RuleCardProps) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <li className="ls-rule-card">
      <div className="ls-rule-card__head">
        <span className="ls-rule-card__icon">
          <LibraryIcon id={icon} size={20} />
        </span>
        <div className="ls-rule-card__text">
          <Heading className="ls-rule-card__title">{title}</Heading>
          <p>{summary}</p>
        </div>
        <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>
      </div>
      {details.length ? <p className="ls-muted ls-rule-card__details">{details.join(' · ')}</p> : null}
      {actions ? (
        <div className="ls-row ls-rule-card__actions">
          <Switch isSelected={active} isDisabled={toggling} onChange={actions.onToggle} aria-label={`Active: ${title}`}>
            Active
          </Switch>
          <Button onClick={actions.onEdit} aria-label={`Edit ${title}`}>
            Edit
          </Button>
          <Button variant="critical" onClick={actions.onDelete} aria-label={`Delete ${title}`}>
            Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}

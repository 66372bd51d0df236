import { useQuery } from '@tanstack/react-query';
import { activeEarningRulesQuery } from './api/onboarding.ts';
import { formatPoints } from '../../lib/format.ts';
import { StepFrame, type StepProps } from './StepFrame.tsx';
import { usePointsLabel, useSavedSettings } from './saved-settings.ts';

/** The reward as members will read it. */
function rewardText(reward: NonNullable<ReturnType<typeof useSavedSettings>['onboarding_coupon_reward']>, label: string): string {
  return `${reward.title} for ${formatPoints(reward.points_cost)} ${label}`;
}

/** Stage 12: the program as set up (name, points, ways to earn, first reward); finishing lands on /home. */
export function LaunchStep({ onDone, advancing }: StepProps) {
  const saved = useSavedSettings();
  const label = usePointsLabel();
  const rules = useQuery(activeEarningRulesQuery());
  return (
    <StepFrame
      title="Launch"
      intro="Your program is ready. Everything can be changed later from the navigation."
      saving={false}
      advancing={advancing}
      failure={null}
      onSkip={onDone}
      submitLabel="Finish setup"
      onSubmit={onDone}
    >
      <dl className="ls-facts" aria-label="Your program">
        <dt>Program</dt>
        <dd>{saved.program_name ?? 'Not named yet'}</dd>
        <dt>Points are called</dt>
        <dd>{label}</dd>
        <dt>Ways to earn</dt>
        <dd>
          {rules.isPending ? (
            'Loading…'
          ) : rules.isError ? (
            'Could not be loaded.'
          ) : rules.data.length === 0 ? (
            'None yet: add one under Points.'
          ) : (
            <ul className="ls-link-list">
              {rules.data.map((rule) => (
                <li key={rule.id}>
                  {rule.type === 'order'
                    ? `${rule.title}: ${formatPoints(rule.points)} ${label} per $1`
                    : `${rule.title}: ${formatPoints(rule.points)} ${label}`}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>First reward</dt>
        <dd>{saved.onboarding_coupon_reward ? rewardText(saved.onboarding_coupon_reward, label) : 'None yet: add one under Points.'}</dd>
      </dl>
    </StepFrame>
  );
}

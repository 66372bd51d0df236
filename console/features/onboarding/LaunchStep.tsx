import { useQuery } from '@tanstack/react-query';
import { activeEarningRulesQuery } from './api/onboarding.ts';
import { formatPointsAmount, type PointsWords } from '../../../renderers/format/index.ts';
import { StepFrame, type StepProps } from './StepFrame.tsx';
import { usePointsLabel, usePointsWords, useSavedSettings } from './saved-settings.ts';

/** The reward as members will read it. */
function rewardText(reward: NonNullable<ReturnType<typeof useSavedSettings>['onboarding_coupon_reward']>, words: PointsWords): string {
  return `${reward.title} for ${formatPointsAmount(reward.points_cost, words)}`;
}

/** Stage 12: the program as set up (name, points, ways to earn, first reward); finishing lands on /home. */
export function LaunchStep({ onDone, advancing }: StepProps) {
  const saved = useSavedSettings();
  const label = usePointsLabel();
  const words = usePointsWords();
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
                    ? `${rule.title}: ${formatPointsAmount(rule.points, words)} per $1`
                    : `${rule.title}: ${formatPointsAmount(rule.points, words)}`}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>First reward</dt>
        <dd>{saved.onboarding_coupon_reward ? rewardText(saved.onboarding_coupon_reward, words) : 'None yet: add one under Points.'}</dd>
      </dl>
    </StepFrame>
  );
}

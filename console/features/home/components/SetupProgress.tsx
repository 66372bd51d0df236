import { Link } from 'react-router';
import type { DashboardStatus } from '../../../../server/contract/dashboard.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { useDismissSetup } from '../api/dashboard.ts';
import { countOf } from '../../../lib/format.ts';

/** The setup steps of a new program with a link to each, until the merchant dismisses them. */
export function SetupProgress({ setup }: { setup: DashboardStatus['setup'] }) {
  const dismiss = useDismissSetup();
  const toast = useToast();
  const done = setup.steps.filter((step) => step.done).length;
  const total = setup.steps.length;
  return (
    <section className="ls-card" aria-labelledby="home-setup">
      <div className="ls-card__head">
        <h2 id="home-setup">Set up your program</h2>
        <Button
          variant="plain"
          loading={dismiss.isPending}
          onClick={() =>
            dismiss.mutate(undefined, {
              onSuccess: () => toast({ message: 'Setup list hidden. Every step stays in the side menu.' }),
              onError: (error) => toast({ message: `The setup list could not be hidden: ${errorMessage(error)}`, tone: 'critical' }),
            })
          }
        >
          Dismiss setup list
        </Button>
      </div>
      <p id="home-setup-count">
        {done === total ? `All ${total} steps done: your program is live. You can dismiss this list.` : `${done} of ${countOf(total, 'step')} done`}
      </p>
      <div className="ls-meter" role="progressbar" aria-labelledby="home-setup-count" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done}>
        <span style={{ width: `${(done / total) * 100}%` }} />
      </div>
      <ol className="ls-setup-steps">
        {setup.steps.map((step) => (
          <li key={step.key} data-done={step.done}>
            <span className="ls-setup-steps__mark" aria-hidden="true" />
            {step.done ? <span>{step.title}</span> : <Link to={step.href}>{step.title}</Link>}
            <span className="ls-visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

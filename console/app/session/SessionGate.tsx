import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useConsole } from '../../state/store.ts';
import { decideSession } from './rules.ts';
import { goToSignIn } from '../../lib/runtime.ts';
import { useStoreList, useUserDetailsRefresh } from './hooks.ts';

export function FullPageLoader({ label }: { label: string }) {
  return (
    <div className="ls-fullscreen-center" role="status" aria-live="polite">
      <div>
        <div className="ls-spinner" aria-hidden="true" />
        <p>{label}</p>
      </div>
    </div>
  );
}

/**
 * spec §4: decides, on every path change, whether the visitor may see the page —
 * no user → sign in again; onboarding stages → /onboarding (page hidden meanwhile);
 * auth-check with a user → /home.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const hasUser = useConsole((s) => Boolean(s.user.loginRes?.token && s.user.users));
  const stage = useConsole((s) => s.onboarding.stage);
  const decision = decideSession({ path: pathname, hasUser, stage });

  // Refresh the user on arrival (a revoked token answers 401 → logout) and load the stores.
  useUserDetailsRefresh(hasUser);
  useStoreList(hasUser);

  const target = decision.action === 'redirect' ? decision.to : null;
  useEffect(() => {
    if (decision.action === 'logout') void goToSignIn();
    else if (target) navigate(target, { replace: true });
  }, [decision.action, target, navigate]);

  if (decision.hideContent) return <FullPageLoader label={decision.action === 'logout' ? 'Redirecting to sign in…' : 'Loading…'} />;
  return <>{children}</>;
}

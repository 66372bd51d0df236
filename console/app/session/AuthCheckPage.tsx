import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { getConfig } from '../../lib/config.ts';
import { endSignIn, signInVerifier } from '../../lib/sign-in-binding.ts';
import { consoleStore } from '../../state/store.ts';
import { runLoginFlow } from './flow.ts';
import { clientState, goToSignIn, session } from '../../lib/runtime.ts';
import { FullPageLoader } from './SessionGate.tsx';

export const NOT_STARTED_HERE = 'This sign-in link was not started in this browser, so it cannot sign you in here. Sign in again.';

/**
 * spec §2 / §4: the sign-in check page — exchanges the provider's one-time code for a session,
 * with the verifier of the sign-in this browser started. Without a code (the provider asks the
 * console to start a sign-in) it starts one.
 */
export function AuthCheckPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const [verifier] = useState(signInVerifier);
  const [exchangeFailure, setFailure] = useState<string | null>(null);
  const failure = exchangeFailure ?? (code && !verifier ? NOT_STARTED_HERE : null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!code) {
      void goToSignIn();
      return;
    }
    if (!verifier) return;
    const store = consoleStore();
    store.getState().purge();
    runLoginFlow(
      { code, code_verifier: verifier },
      {
        delayMs: getConfig().loginDelayMs,
        login: session.login,
        getUsers: () => session.getUsers(),
        setLogin: (result) => {
          endSignIn();
          store.getState().setLogin(result);
          clientState.resetAnalytics();
        },
        setUserDetails: (user) => store.getState().setUserDetails(user),
      },
    ).catch((error: unknown) => setFailure(errorMessage(error)));
  }, [code, verifier]);

  if (failure) {
    return (
      <main className="ls-fullscreen-center">
        <div className="ls-card ls-auth-card">
          <h1>We could not sign you in</h1>
          <p>{failure}</p>
          <Button variant="primary" onClick={() => void goToSignIn()}>
            Sign in again
          </Button>
        </div>
      </main>
    );
  }
  return <FullPageLoader label={code ? 'Signing you in…' : 'Redirecting to sign in…'} />;
}

import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { authLoginUrl, getConfig } from '../../lib/config.ts';
import { consoleStore } from '../../state/store.ts';
import { runLoginFlow } from './flow.ts';
import { clientState, session } from '../../lib/runtime.ts';
import { FullPageLoader } from './SessionGate.tsx';

/** spec §2 / §4: the sign-in check page — exchanges the provider's one-time code for a session. */
export function AuthCheckPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    const store = consoleStore();
    store.getState().purge();
    runLoginFlow(code, {
      delayMs: getConfig().loginDelayMs,
      login: session.login,
      getUsers: () => session.getUsers(),
      setLogin: (result) => {
        store.getState().setLogin(result);
        clientState.resetAnalytics();
      },
      setUserDetails: (user) => store.getState().setUserDetails(user),
    }).catch((error: unknown) => setFailure(errorMessage(error)));
  }, [code]);

  if (!code || failure) {
    return (
      <main className="ls-fullscreen-center">
        <div className="ls-card ls-auth-card">
          <h1>We could not sign you in</h1>
          <p>{failure ?? 'The sign-in link is missing its code.'}</p>
          <ButtonLink variant="primary" href={authLoginUrl(getConfig())}>
            Sign in again
          </ButtonLink>
        </div>
      </main>
    );
  }
  return <FullPageLoader label="Signing you in…" />;
}

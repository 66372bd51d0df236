import { PageHeader } from '../../components/ui/PageHeader.tsx';
import type { RouteEntry } from '../../lib/feature.ts';
import { useConsole } from '../../state/store.ts';
import { HmacSecretCard } from '../../components/store/HmacSecretCard.tsx';
import { ApiClientsTable } from './components/ApiClientsTable.tsx';

const TOKEN_EXAMPLE = `curl -X POST ${window.location.origin}/oauth/token \\
  -d grant_type=client_credentials -d client_id=… -d client_secret=…`;

/** spec §2 /integrations/custom-app/: API clients, the HMAC secret and the API reference. */
export function CustomAppPage({ route }: { route: RouteEntry }) {
  const store = useConsole((s) => s.user.users?.store);
  return (
    <>
      <PageHeader
        back={route.back}
        title="Custom App"
        subtitle="Connect your own systems: API clients with scoped read access, and the HMAC secret your store signs shoppers with."
      />
      <div className="ls-stack">
        <ApiClientsTable />
        <section className="ls-card ls-stack" aria-labelledby="api-reference-heading">
          <h2 id="api-reference-heading">API reference</h2>
          <p>
            The <a href="/api/docs">OpenAPI reference</a> lists every call; those a client token may use show the <code>apiClient</code> scheme with their
            scope. The raw document is at <a href="/api/docs/json">/api/docs/json</a>.
          </p>
          <pre className="ls-code-block">
            <code>{TOKEN_EXAMPLE}</code>
          </pre>
          <p className="ls-muted">
            Send the answer&apos;s <code>access_token</code> as <code>Authorization: Bearer …</code>, alone, on those calls.
          </p>
        </section>
        {store ? <HmacSecretCard hasSecret={store.has_hmac_secret} /> : null}
      </div>
    </>
  );
}

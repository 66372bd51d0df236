import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useConsole } from '../../state/store.ts';
import { ProfileCard } from './ProfileCard.tsx';
import { StoreSettingsCard } from './StoreSettingsCard.tsx';
import { HmacSecretCard } from './HmacSecretCard.tsx';

/** spec §2 /settings: My account. */
export function SettingsPage() {
  const user = useConsole((s) => s.user.users);
  return (
    <>
      <PageHeader title="My account" subtitle="Your profile and the settings of the store you are working in." />
      <div className="ls-columns">
        <div>
          {user?.store ? <StoreSettingsCard key={String(user.store.id)} store={user.store} /> : null}
          {user?.store ? <HmacSecretCard hasSecret={user.store.has_hmac_secret} /> : null}
        </div>
        <div>{user ? <ProfileCard user={user} /> : null}</div>
      </div>
    </>
  );
}

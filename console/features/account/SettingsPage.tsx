import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { Tabs } from '../../components/ui/aria/Tabs.tsx';
import { useConsole } from '../../state/store.ts';
import { HmacSecretCard } from '../../components/store/HmacSecretCard.tsx';
import { ProfileCard } from './components/ProfileCard.tsx';
import { StoresTable } from './components/StoresTable.tsx';
import { StoreSettingsCard } from './components/StoreSettingsCard.tsx';

const TABS = ['store', 'stores', 'profile'] as const;

/** spec §2 /settings: My account — the open store's settings, the user's stores, the profile (the tab is kept in the URL). */
export function SettingsPage() {
  const user = useConsole((s) => s.user.users);
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? params.get('tab')! : 'store';
  const store = user?.store;
  return (
    <>
      <PageHeader title="My account" subtitle="Your profile and the settings of the store you are working in." />
      <Tabs
        label="Account sections"
        selected={tab}
        onSelect={(id) => setParams(id === 'store' ? {} : { tab: id })}
        items={[
          {
            id: 'store',
            label: 'Store settings',
            content: store ? (
              <div className="ls-stack">
                <StoreSettingsCard key={String(store.id)} store={store} />
                <HmacSecretCard hasSecret={store.has_hmac_secret} />
              </div>
            ) : null,
          },
          { id: 'stores', label: 'Your stores', content: <StoresTable /> },
          { id: 'profile', label: 'Profile', content: user ? <ProfileCard user={user} /> : null },
        ]}
      />
    </>
  );
}

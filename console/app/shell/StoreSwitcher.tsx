import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button as AriaButton, DialogTrigger, Input, Popover, SearchField } from 'react-aria-components';
import type { StoreListItem } from '../../lib/api/types.ts';
import { truncateName } from '../../lib/format.ts';
import { useToast } from '../../components/ui/Toast.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { useStoreToken, useSwitchStore } from '../session/hooks.ts';
import { NO_STORE_RESULTS, filterStores, showsStoreSwitcher } from './store-filter.ts';
import { Icon, Logo } from '../../components/ui/icons.tsx';

/** spec §2: the logo; with more than one store it opens the store switcher, else it links to /home. */
export function StoreLogo({ stores, currentTitle }: { stores: StoreListItem[]; currentTitle: string | null }) {
  if (!showsStoreSwitcher(stores)) {
    return (
      <>
        <Link to="/home" className="ls-logo" aria-label="Loyalty Studio home">
          <Logo className="ls-logo__mark" />
        </Link>
        {currentTitle ? <span className="ls-logo__store">{truncateName(currentTitle)}</span> : null}
      </>
    );
  }
  return <StoreSwitcher stores={stores} currentTitle={currentTitle} />;
}

function StoreSwitcher({ stores, currentTitle }: { stores: StoreListItem[]; currentTitle: string | null }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const headingId = useId();
  const currentToken = useStoreToken();
  const switchStore = useSwitchStore();
  const toast = useToast();
  const visible = filterStores(stores, filter);

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) setFilter('');
  };
  const choose = (store: StoreListItem) => {
    openChange(false);
    switchStore.mutate(store, { onError: (error) => toast({ message: `Could not switch store: ${errorMessage(error)}`, tone: 'critical' }) });
  };

  return (
    <>
      <DialogTrigger isOpen={open} onOpenChange={openChange}>
        <AriaButton className="ls-logo ls-logo--switcher" aria-label={`Loyalty Studio ${currentTitle ? `${truncateName(currentTitle)} ` : ''}— Switch store`}>
          <Logo className="ls-logo__mark" />
          {/* a space, so the visible text reads "Loyalty Studio <store>" as the name does */}
          {currentTitle ? (
            <>
              {' '}
              <span className="ls-logo__store">{truncateName(currentTitle)}</span>
            </>
          ) : null}
          <Icon name="chevron" size={16} />
        </AriaButton>
        {/* the popover is the dialog (React Aria gives it the role), so its dismiss buttons stay inside it */}
        <Popover className="ls-popover ls-store-switcher" placement="bottom start" offset={6} aria-labelledby={headingId}>
          <div className="ls-store-switcher__dialog">
            <h2 id={headingId} className="ls-store-switcher__heading">
              Switch store
            </h2>
            <SearchField aria-label="Search stores" value={filter} onChange={setFilter} autoFocus>
              <Input className="ls-field__input" placeholder="Search stores" />
            </SearchField>
            {visible.length === 0 ? (
              <p className="ls-store-switcher__empty" role="status">
                {NO_STORE_RESULTS}
              </p>
            ) : (
              <ul className="ls-store-switcher__list" aria-label="Stores">
                {visible.map((store) => {
                  const current = store.access_token === currentToken;
                  return (
                    <li key={store.store_id}>
                      <button
                        type="button"
                        className="ls-menu__item"
                        aria-current={current ? 'true' : undefined}
                        title={store.store_title}
                        onClick={() => choose(store)}
                      >
                        <span className="ls-store-switcher__avatar" aria-hidden="true">
                          {store.store_title.slice(0, 1).toUpperCase()}
                        </span>
                        <span className="ls-store-switcher__name">{truncateName(store.store_title)}</span>
                        {current ? <span className="ls-store-switcher__current">Current</span> : null}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </Popover>
      </DialogTrigger>
      {switchStore.isPending ? (
        <span className="ls-visually-hidden" role="status">
          Switching store…
        </span>
      ) : null}
    </>
  );
}

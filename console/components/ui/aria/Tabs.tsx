import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

/** Tabs with arrow-key navigation (React Aria); the selected tab can be kept by the caller (e.g. in the URL). */
export function Tabs({ label, items, selected, onSelect }: { label: string; items: TabItem[]; selected?: string; onSelect?: (id: string) => void }) {
  return (
    <AriaTabs className="ls-tabs" {...(selected ? { selectedKey: selected } : {})} {...(onSelect ? { onSelectionChange: (key) => onSelect(String(key)) } : {})}>
      <TabList aria-label={label} className="ls-tabs__list">
        {items.map((item) => (
          <Tab key={item.id} id={item.id} className="ls-tabs__tab">
            {item.label}
          </Tab>
        ))}
      </TabList>
      {items.map((item) => (
        <TabPanel key={item.id} id={item.id} className="ls-tabs__panel">
          {item.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}

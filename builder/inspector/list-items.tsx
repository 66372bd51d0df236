/** The fields of one item of each list setting (steps, ways to earn/redeem, tiers, timeline events). */
import type { ReactNode } from 'react';
import type { LoyaltyTier, PointsMethod, Step, TimelineEvent } from '../../renderers/contract/index.ts';
import { IconField, ImageField, NumberField, TextField } from '../fields/index.ts';

type Set = (key: string, value: unknown) => void;
interface ItemProps<T> {
  item: T;
  set: Set;
  seal: () => void;
}

export function StepItem({ item, set, seal }: ItemProps<Step>) {
  return (
    <>
      <TextField label="Heading" value={item.heading} onChange={(v) => set('heading', v)} onCommit={seal} placeholders />
      <TextField label="Paragraph" value={item.paragraph} multiline onChange={(v) => set('paragraph', v)} onCommit={seal} placeholders />
      <ImageField label="Image" value={item.imageUrl} onChange={(v) => set('imageUrl', v)} onCommit={seal} />
    </>
  );
}

export function PointsMethodItem({ item, set, seal, cost }: ItemProps<PointsMethod> & { cost: boolean }) {
  return (
    <>
      <TextField label="Title" value={item.title} onChange={(v) => set('title', v)} onCommit={seal} />
      <TextField label="Description" value={item.description} onChange={(v) => set('description', v)} onCommit={seal} />
      <NumberField
        label={cost ? 'Points cost' : 'Points'}
        value={item.points}
        min={0}
        max={1_000_000}
        onChange={(v) => set('points', v ?? 0)}
        onCommit={seal}
      />
      <IconField value={item.icon} optional onChange={(v) => set('icon', v)} onCommit={seal} />
    </>
  );
}

const lines = (text: string) => text.split('\n');

export function TierItem({ item, set, seal }: ItemProps<LoyaltyTier>) {
  return (
    <>
      <TextField label="Name" value={item.name} onChange={(v) => set('name', v)} onCommit={seal} />
      <NumberField label="Threshold" value={item.threshold} min={0} max={100_000_000} onChange={(v) => set('threshold', v ?? 0)} onCommit={seal} />
      <TextField label="Perks" hint="One per line" multiline value={item.perks.join('\n')} onChange={(v) => set('perks', lines(v))} onCommit={seal} />
      <TextField label="Rewards" hint="One per line" multiline value={item.rewards.join('\n')} onChange={(v) => set('rewards', lines(v))} onCommit={seal} />
    </>
  );
}

export function EventItem({ item, set, seal }: ItemProps<TimelineEvent>) {
  return (
    <>
      <TextField label="Date" value={item.date} onChange={(v) => set('date', v)} onCommit={seal} />
      <TextField label="Title" value={item.title} onChange={(v) => set('title', v)} onCommit={seal} />
      <TextField label="Description" value={item.description} onChange={(v) => set('description', v)} onCommit={seal} />
      <IconField value={item.icon} optional onChange={(v) => set('icon', v)} onCommit={seal} />
    </>
  );
}

export function itemName(field: string, item: unknown, index: number): string {
  const it = item as { heading?: string; title?: string; name?: string };
  const text = it.heading ?? it.title ?? it.name ?? '';
  return `${index + 1}. ${text || field}`;
}

export type ItemRenderer = (item: unknown, set: Set, seal: () => void) => ReactNode;

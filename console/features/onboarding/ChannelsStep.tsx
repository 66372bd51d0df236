import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CHANNEL_TYPES } from '../../../server/contract/store.ts';
import { Banner } from '../../components/ui/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { isValidUrl } from '../../lib/validation.ts';
import { isLoading } from '../../lib/operation.ts';
import { channelsQuery, useCreateChannel, useRemoveChannel } from './api/onboarding.ts';
import { StepFrame, type StepProps } from './StepFrame.tsx';

const TYPE_LABELS: Record<(typeof CHANNEL_TYPES)[number], string> = {
  online_store: 'Online store',
  pos: 'Point of sale',
  mobile_app: 'Mobile app',
  social: 'Social',
  marketplace: 'Marketplace',
  other: 'Other',
};

export function channelErrors(form: { name: string; url: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.name.trim()) errors.name = 'Enter a channel name.';
  if (form.url.trim() && !isValidUrl(form.url)) errors.url = 'Enter a valid URL, for example https://www.example.com.';
  return errors;
}

/** Stage 8: the sales channels where members earn (list, create, remove). */
export function ChannelsStep({ onDone, advancing }: StepProps) {
  const channels = useQuery(channelsQuery());
  const [form, setForm] = useState<{ name: string; type: (typeof CHANNEL_TYPES)[number]; url: string }>({ name: '', type: 'online_store', url: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateChannel();
  const remove = useRemoveChannel();
  const add = () => {
    const found = channelErrors(form);
    setErrors(found);
    if (Object.keys(found).length === 0)
      create.mutate(
        { name: form.name.trim(), type: form.type, ...(form.url.trim() ? { url: form.url.trim() } : {}) },
        { onSuccess: () => setForm({ name: '', type: 'online_store', url: '' }) },
      );
  };

  return (
    <StepFrame
      title="Sales channels"
      intro="Tell us where your customers shop, so points can follow them everywhere."
      saving={false}
      advancing={advancing}
      failure={channels.error}
      onSkip={onDone}
      submitLabel="Continue"
      onSubmit={onDone}
    >
      {isLoading(channels) ? <p role="status">Loading channels…</p> : null}
      {channels.data && channels.data.length > 0 ? (
        <ul className="ls-channel-list" aria-label="Channels">
          {channels.data.map((channel) => (
            <li key={channel.id}>
              <span>
                <strong>{channel.name}</strong> <span className="ls-muted">{TYPE_LABELS[channel.type as keyof typeof TYPE_LABELS] ?? channel.type}</span>
              </span>
              <Button
                size="small"
                variant="plain"
                aria-label={`Remove ${channel.name}`}
                loading={remove.isPending && remove.variables === channel.id}
                onClick={() => remove.mutate(channel.id)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : channels.isSuccess ? (
        <p className="ls-muted">No channels yet.</p>
      ) : null}
      {create.isError ? <Banner tone="critical">{`The channel was not added: ${errorMessage(create.error)}`}</Banner> : null}
      {remove.isError ? <Banner tone="critical">{`The channel was not removed: ${errorMessage(remove.error)}`}</Banner> : null}
      <div className="ls-card ls-card--inset">
        <div className="ls-stack">
          <Field label="Channel name" value={form.name} error={errors.name} maxLength={80} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          <div className="ls-field">
            <label className="ls-field__label" htmlFor="channel-type">
              Channel type
            </label>
            <select
              id="channel-type"
              className="ls-field__input"
              value={form.type}
              onChange={(e) => setForm({ ...form, type: e.target.value as typeof form.type })}
            >
              {CHANNEL_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
          <Field label="Channel URL (optional)" type="url" value={form.url} error={errors.url} onChange={(e) => setForm({ ...form, url: e.target.value })} />
          <div>
            <Button onClick={add} loading={create.isPending}>
              Add channel
            </Button>
          </div>
        </div>
      </div>
    </StepFrame>
  );
}

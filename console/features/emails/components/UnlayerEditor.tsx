import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EmailEditor, type EditorRef } from 'react-email-editor';
import { Button } from '../../../components/ui/Button.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { getConfig } from '../../../lib/config.ts';
import { payloadSize } from '../../../lib/format.ts';
import type { EmailTemplateRecord } from '../../../../server/contract/templates.ts';
import { templateSaveFailure, useSaveTemplate } from '../api/emails.ts';
import { useCan } from '../../../lib/useCan.ts';
import { ViewOnlyNote } from '../../../components/ui/ViewOnlyNote.tsx';
import { unlayerScriptSrc } from '../unlayer/script.ts';

type Unlayer = NonNullable<EditorRef['editor']>;

/**
 * The visual editor (Unlayer, loaded from its own servers or `unlayerScriptUrl`): the saved design
 * is loaded once the editor is ready; saving stores the design and its exported HTML. When the
 * editor is not ready in time, `onUnreachable` opens the built-in editor instead (which says why);
 * without it, the page says so and offers the built-in editor (or the simple form).
 */
export function UnlayerEditor({
  template,
  tags,
  formPath,
  builtInPath,
  onUnreachable,
}: {
  template: EmailTemplateRecord;
  tags: string[];
  formPath: string;
  builtInPath: string;
  onUnreachable?: () => void;
}) {
  const { unlayerTimeoutMs } = getConfig();
  const editor = useRef<Unlayer | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'unreachable'>('loading');
  const [message, setMessage] = useState<{ tone: 'success' | 'critical'; text: string } | null>(null);
  const save = useSaveTemplate(template.key);

  const ready = useRef(false);
  const giveUp = useEffectEvent(() => {
    if (ready.current) return;
    setState('unreachable');
    onUnreachable?.();
  });
  useEffect(() => {
    const timer = setTimeout(giveUp, unlayerTimeoutMs);
    return () => clearTimeout(timer);
  }, [unlayerTimeoutMs]);

  const onReady = (unlayer: Unlayer) => {
    editor.current = unlayer;
    ready.current = true;
    if (template.json_content && typeof template.json_content === 'object') unlayer.loadDesign(template.json_content as never);
    setState('ready');
  };

  const onSave = () => {
    editor.current?.exportHtml((data: { design: unknown; html: string }) => {
      const body = {
        enabled: template.enabled,
        editor: 'unlayer' as const,
        fields: template.fields,
        json_content: data.design as Record<string, unknown>,
        content: data.html,
      };
      const size = payloadSize(body).label;
      save.mutate(body, {
        onSuccess: () => setMessage({ tone: 'success', text: `Saved (${size}).` }),
        onError: (error) => setMessage({ tone: 'critical', text: `${templateSaveFailure(error).message} (${size})` }),
      });
    });
  };

  const canEdit = useCan('program:edit');
  const mergeTags = Object.fromEntries(tags.map((tag) => [tag, { name: tag.replaceAll('_', ' '), value: `{{${tag}}}` }]));
  return (
    <div className="ls-stack">
      <div className="ls-row">
        <Link to="/emails/email-dashboard/">← Emails</Link>
        <strong>{template.name}</strong>
        <Link to={builtInPath}>Built-in editor</Link>
        {canEdit ? (
          <Button variant="primary" onClick={onSave} disabled={state !== 'ready'} loading={save.isPending}>
            Save design
          </Button>
        ) : null}
      </div>
      <ViewOnlyNote permission="program:edit" />
      {message ? <Banner tone={message.tone}>{message.text}</Banner> : null}
      {state === 'unreachable' ? (
        <Banner tone="critical" title="The visual editor is unreachable">
          Unlayer, the visual email editor, did not load: its servers cannot be reached from this network.{' '}
          <Link to={builtInPath}>Open the built-in editor</Link>, which works offline, or <Link to={formPath}>edit this email in the simple editor</Link>{' '}
          instead; your saved design is kept.
        </Banner>
      ) : null}
      {state === 'loading' ? <p role="status">Loading the visual editor…</p> : null}
      <EmailEditor scriptUrl={unlayerScriptSrc()} minHeight="75vh" onReady={onReady} options={{ mergeTags } as never} />
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Banner, PageHeader } from '../../components/ui/PageHeader.tsx';
import type { RouteEntry } from '../../lib/feature.ts';
import { EMAIL_SUB_ITEMS } from './email-pages.ts';
import { api } from '../../lib/runtime.ts';
import { useConsole } from '../../state/store.ts';
import { templateQuery } from './api/emails.ts';
import { EmailForm } from './components/EmailForm.tsx';
import { EmailList } from './components/EmailList.tsx';
import { BuiltInEditor } from './components/BuiltInEditor.tsx';
import { UnlayerEditor } from './components/UnlayerEditor.tsx';
import { UnlayerOffer } from './unlayer/UnlayerOffer.tsx';
import { SentEmailsLog } from './components/SentEmailsLog.tsx';
import { ExpiryRemindersCard } from './components/ExpiryRemindersCard.tsx';

const DASHBOARD = '/emails/email-dashboard';
const keyOf = (path: string) => path.replace(/\/$/, '').split('/').pop() ?? '';

interface TagList {
  by_email: Record<string, Array<{ value: string }>>;
}
const tagsQuery = { queryKey: ['emails', 'tags'], queryFn: () => api.get<TagList>('/template/tags'), staleTime: Infinity };

function EmailScreen({ route }: { route: RouteEntry }) {
  const key = keyOf(route.path);
  const template = useQuery(templateQuery(key));
  const tags = useQuery(tagsQuery);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const names = (tags.data?.by_email[key] ?? []).map((tag) => tag.value.replace(/[{}]/g, ''));
  if (route.path.includes('/email-editor/')) {
    if (template.isError) return <Banner tone="critical">This email could not be loaded: {template.error.message}</Banner>;
    if (!template.data || !tags.data) return <p role="status">Loading…</p>;
    // the visual editor once asked for (its script is loading or came); otherwise the built-in editor at once, offering the visual one beside it
    const chosen = search.get('editor');
    const back = route.back?.to ?? '/emails';
    const editorPath = `/emails/email-editor/${key}`;
    const builtInPath = `${editorPath}?editor=builtin`;
    if (chosen === 'unlayer')
      return (
        <UnlayerEditor
          template={template.data}
          tags={names}
          formPath={`/emails/${key}`}
          builtInPath={builtInPath}
          onUnreachable={() => void navigate(`${builtInPath}&unlayer=unreachable`, { replace: true })}
        />
      );
    // Unlayer did not get ready after it was chosen: the built-in editor opened by itself and says why
    const fellBack = chosen === 'builtin' && search.get('unlayer') === 'unreachable';
    return (
      <BuiltInEditor
        template={template.data}
        tags={names}
        backHref={back}
        notice={
          fellBack ? (
            <p role="alert">
              <strong>The visual editor is unreachable.</strong> Unlayer did not load from its servers on this network, so the built-in editor opened instead:
              it works offline, and saving here makes this design the one sent. <Link to={editorPath}>Try the visual editor again</Link> or{' '}
              <Link to={`/emails/${key}`}>edit this email in the simple editor</Link>.
            </p>
          ) : chosen === 'builtin' ? undefined : (
            <UnlayerOffer unlayerPath={`${editorPath}?editor=unlayer`} formPath={`/emails/${key}`} savedInUnlayer={template.data.editor === 'unlayer'} />
          )
        }
      />
    );
  }
  return (
    <>
      <PageHeader title={route.title} subtitle={route.purpose} back={route.back} />
      {template.isError ? <Banner tone="critical">This email could not be loaded: {template.error.message}</Banner> : null}
      {template.data ? (
        <EmailForm key={template.data.updated_at ?? 'starter'} template={template.data} tags={names} />
      ) : template.isPending ? (
        <p>Loading…</p>
      ) : null}
      <section className="ls-card" aria-label="Built-in editor">
        <p>
          <Link to={`/emails/email-editor/${key}?editor=builtin`}>Design this email in the built-in editor</Link> (blocks, works offline)
          {template.data?.editor === 'builder' ? ': the saved design comes from it; saving this form replaces it.' : '.'}
        </p>
      </section>
      {key.endsWith('-points-expiry') ? <ExpiryRemindersCard /> : null}
      <SentEmailsLog emailKey={key} />
    </>
  );
}

/**
 * spec §2 Emails: with the visual email editor setting on, one dashboard listing the nine emails;
 * off, /emails with the nine sub-pages, each a simple form with a live preview.
 */
export function EmailsPage({ route }: { route: RouteEntry }) {
  const visual = useConsole((s) => Boolean(s.user.users?.store?.settings?.email_settings?.unlayer));
  const path = route.path.replace(/\/$/, '');
  if (path === '/emails' && visual) return <Navigate to={`${DASHBOARD}/`} replace />;
  if (path === DASHBOARD && !visual) return <Navigate to="/emails" replace />;
  if (path === '/emails' || path === DASHBOARD) {
    return (
      <>
        <PageHeader
          title="Emails"
          subtitle={
            visual
              ? 'All program emails, designed in the visual email editor.'
              : 'The emails your members receive when they earn, redeem, refer or change tier. Turn on the visual editor in My account.'
          }
        />
        <EmailList editPath={(key) => (visual ? `/emails/email-editor/${key}` : (EMAIL_SUB_ITEMS.find(([, sub]) => keyOf(sub) === key)?.[1] ?? '/emails'))} />
        <ExpiryRemindersCard />
      </>
    );
  }
  return <EmailScreen route={route} />;
}

/**
 * `<Widget>`: the rewards widget as a dialog named by its header title (spec §2 panels). Home
 * lists the panels the audience may open; a panel has a Back button. As a modal (storefront) it
 * traps focus, closes on Esc and returns focus to `returnFocusTo` (the launcher). Inline
 * (builder canvas, embedded widget type) it is a non-modal dialog in the page flow.
 */
import { t } from '../i18n/catalog.ts';
import { textDirection } from '../i18n/direction.ts';
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { RenderContext } from '../context.ts';
import { fillPlaceholders, safeColor } from '../format/index.ts';
import { PANEL_LABELS, type PanelKey, type Widget as WidgetDocument } from '../contract/index.ts';
import { EditableContext, WrapOwner, type Editable } from '../shared/editable.tsx';
import { Icon } from '../shared/icons.tsx';
import { FieldText } from '../shared/text.tsx';
import { customStyleProperties, withOwnColours } from '../theme/custom-style.ts';
import { trapTab } from './focus.ts';
import { homePanels, panelTextsFor, type WidgetAction } from './panels.ts';
import { programItems } from '../shared/program-data.tsx';
import { PanelContent } from './panel-views.tsx';
import { useLocalized } from '../shared/localized.ts';

export interface WidgetProps {
  doc: WidgetDocument;
  ctx: RenderContext;
  /** close request (close button, Esc); the host unmounts or hides the widget */
  onClose?: () => void;
  /** focused again when the widget closes (the launcher) */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** panel buttons without an address and the panels' forms */
  onAction?: (action: WidgetAction) => void;
  /** in the page flow, not modal: the builder canvas and the `embedded` widget type */
  inline?: boolean;
  /** controlled panel ('home' = the panel list), e.g. the panel selected in the builder */
  panel?: PanelKey | 'home';
  onNavigate?: (panel: PanelKey | 'home') => void;
  /** side of the screen, following the launcher */
  placement?: 'left' | 'right';
  editable?: Editable;
  /** the outcome of the shopper's last action (reward redeemed, birthday saved, or why not) */
  notice?: string;
  /** what the host adds below a panel's content (the storefront: the receipt upload, loaded when its panel opens) */
  panelExtra?: (panel: PanelKey) => ReactNode;
}

/** The widget root's custom properties: its own colours, then its custom style (whose accent pair paints the header and buttons). */
function widgetRootProperties(doc: WidgetDocument, ctx: RenderContext): Record<string, string | undefined> {
  const own = { '--ls-w-bg': safeColor(doc.background_color), '--ls-w-fg': safeColor(doc.text_color) };
  const base = { ...ctx.themes?.[doc.theme_type], accent: doc.background_color, accent_text: doc.text_color };
  return { ...own, ...withOwnColours(customStyleProperties(ctx.customStyles?.widget, base), ['--ls-w-bg', '--ls-w-fg']) };
}

export function Widget(props: WidgetProps) {
  const { doc: saved, ctx, onClose, returnFocusTo, onAction, panel: controlled, onNavigate, placement, editable, notice } = props;
  const doc = useLocalized(saved, ctx);
  const inline = props.inline || doc.widget_type === 'embedded';
  const [own, setOwn] = useState<PanelKey | 'home'>('home');
  const current = controlled ?? own;
  const dialogRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<PanelKey | null>(null);
  const uid = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const titleId = `ls-w${uid}-title`;
  const panelTitleId = `ls-w${uid}-panel-title`;

  const go = (next: PanelKey | 'home') => {
    if (next !== 'home' && current === 'home') openerRef.current = next;
    setOwn(next);
    onNavigate?.(next);
  };

  // Modal: focus the dialog on open; give focus back to the launcher when it goes away.
  useEffect(() => {
    if (inline) return undefined;
    dialogRef.current?.focus();
    const target = returnFocusTo?.current;
    return () => {
      target?.focus();
    };
  }, [inline, returnFocusTo]);

  // After navigating: a panel's heading takes focus; home gives it back to the item that opened the panel.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (inline) return;
    if (current !== 'home') {
      const heading = dialogRef.current?.querySelector<HTMLElement>(`[id="${panelTitleId}"]`);
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
      return;
    }
    const opener = openerRef.current;
    const item = opener ? dialogRef.current?.querySelector<HTMLElement>(`[data-panel-link="${opener}"]`) : null;
    (item ?? dialogRef.current)?.focus();
  }, [current, inline, panelTitleId]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (inline || !dialogRef.current) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose?.();
      return;
    }
    trapTab(event, dialogRef.current);
  };

  const header = panelTextsFor(doc, 'header', ctx.audience);
  // the VIP panel of a program without tiers is left out (the canvas shows it with sample tiers)
  const available = homePanels(doc, ctx.audience).filter((key) => key !== 'vip' || programItems(ctx, (program) => program.vipTiers).items.length > 0);
  const act = (action: WidgetAction) => onAction?.(action);
  const style = widgetRootProperties(doc, ctx) as CSSProperties;
  const texts = current === 'home' ? undefined : panelTextsFor(doc, current, ctx.audience);

  return (
    <EditableContext.Provider value={editable}>
      <div
        ref={dialogRef}
        className="ls-root ls-widget"
        role="dialog"
        aria-modal={inline ? undefined : true}
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-theme={doc.theme_type}
        data-device={ctx.device}
        data-audience={ctx.audience}
        data-type={doc.widget_type}
        data-placement={placement}
        data-inline={inline ? '' : undefined}
        data-panel={current}
        lang={ctx.locale}
        dir={textDirection(ctx.locale)}
        style={style}
      >
        <div className="ls-w-head">
          {current !== 'home' && (
            <button type="button" className="ls-icon-btn" onClick={() => go('home')} aria-label={t(ctx, 'surface.back')}>
              <Icon icon="back" ctx={ctx} />
            </button>
          )}
          {header?.title ? (
            <FieldText as="h2" id={titleId} field="title" owner="header" text={header.title} ctx={ctx} />
          ) : (
            <h2 id={titleId}>{t(ctx, 'surface.rewards')}</h2>
          )}
          {onClose && (
            <button type="button" className="ls-icon-btn" onClick={onClose} aria-label={t(ctx, 'surface.close')}>
              <Icon icon="close" ctx={ctx} />
            </button>
          )}
        </div>
        <div className="ls-w-body">
          <p className="ls-w-notice" role="status" hidden={!notice}>
            {notice}
          </p>
          {current === 'home' || !texts ? (
            <WrapOwner id="header" type="panel">
              <div data-panel-key="header">
                {header && <PanelContent panel="header" texts={header} doc={doc} ctx={ctx} go={go} act={act} />}
                <nav aria-label={t(ctx, 'surface.rewards')}>
                  <ul className="ls-w-nav">
                    {available.map((key) => (
                      <li key={key}>
                        <button type="button" className="ls-w-item" data-panel-link={key} onClick={() => go(key)}>
                          <span>{fillPlaceholders(panelTextsFor(doc, key, ctx.audience)?.title || PANEL_LABELS[key], ctx)}</span>
                          <Icon icon="chevron" ctx={ctx} />
                        </button>
                      </li>
                    ))}
                  </ul>
                </nav>
              </div>
            </WrapOwner>
          ) : (
            <WrapOwner id={current} type="panel">
              <section key={current} data-panel-key={current} aria-labelledby={panelTitleId} className="ls-form">
                <FieldText as="h3" id={panelTitleId} field="title" owner={current} text={texts.title || PANEL_LABELS[current]} ctx={ctx} />
                <PanelContent panel={current} texts={texts} doc={doc} ctx={ctx} go={go} act={act} />
                {props.panelExtra?.(current)}
              </section>
            </WrapOwner>
          )}
        </div>
      </div>
    </EditableContext.Provider>
  );
}

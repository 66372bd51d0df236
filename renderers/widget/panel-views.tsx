/**
 * The content of each widget panel (spec §2), drawn from its texts and the render context.
 * Buttons with an address are links; without one they perform the panel's action in the widget
 * (go to the next panel, copy the link) or hand it to the host through `act`.
 */
import { programItems, SampleNote } from '../shared/program-data.tsx';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { RenderContext } from '../context.ts';
import { earnWayText, fillPlaceholders, formatTierAmount, pointsAmount, redeemWayText, referralOfferText, safeUrl } from '../format/index.ts';
import type { PanelKey, PanelTexts, Widget } from '../contract/index.ts';
import { FieldText } from '../shared/text.tsx';
import { formatDate, t } from '../i18n/catalog.ts';
import { useEditable } from '../shared/editable.tsx';
import { EarnActionControl } from '../shared/earn-action.tsx';
import type { WidgetAction } from './panels.ts';
import { CodeActions } from './code-actions.tsx';
import { RewardCard } from './reward-card.tsx';

export interface PanelViewProps {
  panel: PanelKey;
  texts: PanelTexts;
  doc: Widget;
  ctx: RenderContext;
  go(panel: PanelKey | 'home'): void;
  act(action: WidgetAction): void;
}

type Which = 'primary' | 'secondary';

function PanelButton({
  which,
  panel,
  texts,
  ctx,
  onClick,
  submit,
}: {
  which: Which;
  panel: PanelKey;
  texts: PanelTexts;
  ctx: RenderContext;
  onClick?: () => void;
  submit?: boolean;
}) {
  const editable = useEditable();
  const label = which === 'primary' ? texts.primary_button_label : texts.secondary_button_label;
  if (!label) return null;
  const href = safeUrl(which === 'primary' ? texts.primary_button_url : texts.secondary_button_url);
  const className = which === 'primary' ? 'ls-btn' : 'ls-btn ls-btn-2';
  const field = `${which}_button_label`;
  const text = fillPlaceholders(label, ctx);
  const node =
    href && !submit ? (
      <a className={className} href={href} data-field={field}>
        {text}
      </a>
    ) : (
      <button className={className} type={submit ? 'submit' : 'button'} onClick={onClick} data-field={field}>
        {text}
      </button>
    );
  return <>{editable?.wrapText ? editable.wrapText({ field, owner: panel, audience: ctx.audience, raw: label, node }) : node}</>;
}

function Buttons(props: PanelViewProps & { onPrimary?: () => void; onSecondary?: () => void }) {
  const { panel, texts, ctx, act } = props;
  const fallback = (button: Which) => () => act({ type: 'panel_button', panel, button });
  return (
    <div className="ls-actions">
      <PanelButton which="primary" panel={panel} texts={texts} ctx={ctx} onClick={props.onPrimary ?? fallback('primary')} />
      <PanelButton which="secondary" panel={panel} texts={texts} ctx={ctx} onClick={props.onSecondary ?? fallback('secondary')} />
    </div>
  );
}

const points = pointsAmount;

function Body({ panel, texts, ctx }: PanelViewProps) {
  return <FieldText field="body" owner={panel} text={texts.body} ctx={ctx} />;
}

/** A one-field form (e-mail invite, share points, birthday). */
function OneFieldForm(props: PanelViewProps & { type: 'email' | 'text'; label: string; onSubmit(value: string): void }) {
  const { panel, texts, ctx } = props;
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const id = `ls-w-${panel}-input`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = props.type === 'email' ? /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) : value.trim() !== '';
    if (!valid) {
      setError(t(ctx, props.type === 'email' ? 'form.invalidEmail' : 'form.enterBirthday'));
      return;
    }
    setError('');
    props.onSubmit(value.trim());
  };
  return (
    <form className="ls-form" onSubmit={submit} noValidate>
      <label htmlFor={id}>{props.label}</label>
      <input
        className="ls-input"
        id={id}
        type={props.type}
        value={value}
        placeholder={texts.input_placeholder ? fillPlaceholders(texts.input_placeholder, ctx) : undefined}
        onChange={(e) => setValue(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <div className="ls-actions">
        <PanelButton which="primary" panel={panel} texts={texts} ctx={ctx} submit />
      </div>
    </form>
  );
}

function Balance({ ctx }: { ctx: RenderContext }) {
  const member = ctx.member;
  if (ctx.audience !== 'member' || !member) return null;
  return (
    <div data-member="balance">
      <p className="ls-balance">{points(member.pointsBalance, ctx)}</p>
      {member.pendingPoints > 0 && <p>{t(ctx, 'points.pending', { amount: points(member.pendingPoints, ctx) })}</p>}
    </div>
  );
}

function WaysList({ ctx, mode, act }: { ctx: RenderContext; mode: 'earn' | 'redeem'; act: PanelViewProps['act'] }) {
  const ways = mode === 'earn' ? ctx.program.waysToEarn : ctx.program.waysToRedeem;
  if (ways.length === 0) return null;
  return (
    <section aria-label={t(ctx, mode === 'earn' ? 'ways.earn' : 'ways.redeem')}>
      <h4>{t(ctx, mode === 'earn' ? 'ways.earn' : 'ways.redeem')}</h4>
      <ul className="ls-rewards">
        {ways.map((way) => {
          const line = 'cost' in way ? redeemWayText(way, ctx) : earnWayText(way, ctx);
          return (
            <li key={way.id}>
              <strong>{way.title}</strong>
              {'cost' in way ? ` · ${points(way.cost, ctx)}` : way.points ? ` · +${points(way.points, ctx)}` : ''}
              {line && (
                <>
                  <br />
                  {line}
                </>
              )}
              {'action' in way && way.action && (
                <EarnActionControl
                  id={way.id}
                  action={way.action}
                  words={ctx}
                  {...(ctx.member?.birthday ? { birthday: ctx.member.birthday } : {})}
                  onAct={act}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function CopyLink({ ctx, act, children }: { ctx: RenderContext; act: PanelViewProps['act']; children: (copy: () => void) => ReactNode }) {
  const [copied, setCopied] = useState(false);
  const link = ctx.member?.referralLink ?? '';
  const copy = () => {
    act({ type: 'copy_referral_link', link });
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    clipboard?.writeText(link).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 5000); // spec §9: clipboard confirmation resets after 5 s
  };
  return (
    <>
      <label htmlFor="ls-w-referral-link">{t(ctx, 'referral.yourLink')}</label>
      <input className="ls-input" id="ls-w-referral-link" readOnly value={link} />
      {ctx.member && <p>{t(ctx, 'referral.friendsReferred', { count: ctx.member.referralsEarned })}</p>}
      {children(copy)}
      <p role="status">{copied ? t(ctx, 'referral.linkCopied') : ''}</p>
    </>
  );
}

const REFERRAL_STATES = { pending: 'referral.pending', completed: 'referral.completed', not_completed: 'referral.notCompleted' } as const;

/** The member's latest referrals: the friend masked and how far it went. */
function ReferralList({ ctx }: { ctx: RenderContext }) {
  const referrals = ctx.audience === 'member' ? ctx.member?.referrals : undefined;
  if (!referrals) return null;
  return (
    <section aria-label={t(ctx, 'referral.yours')} data-member="referrals">
      <h4>{t(ctx, 'referral.yours')}</h4>
      {referrals.length === 0 ? (
        <p>{t(ctx, 'referral.none')}</p>
      ) : (
        <ul className="ls-rewards">
          {referrals.map((referral, index) => (
            <li key={index}>
              <strong>{referral.friend}</strong> · {t(ctx, REFERRAL_STATES[referral.state])}
              <br />
              {formatDate(ctx.locale, referral.date)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A visitor who came through a referral link: the friend's offer and the e-mail that takes the coupon. */
function ReferralArrivalView({ ctx, act }: { ctx: RenderContext; act: PanelViewProps['act'] }) {
  const arrival = ctx.referral;
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  if (!arrival) return null;
  if (arrival.failed) return <p data-referral="failed">{t(ctx, 'referral.failed')}</p>;
  const offer = referralOfferText(arrival.offer, ctx);
  if (arrival.code && arrival.platform === 'preparing')
    return (
      <div data-referral="coupon" aria-busy="true">
        <p>{t(ctx, 'referral.yourOffer', { offer })}</p>
        <p role="status">{t(ctx, 'reward.preparing')}</p>
      </div>
    );
  if (arrival.code && arrival.platform === 'refused')
    return (
      <div data-referral="refused">
        <p>{arrival.platformError ? t(ctx, 'referral.couponRefusedBecause', { reason: arrival.platformError }) : t(ctx, 'referral.couponRefused')}</p>
      </div>
    );
  if (arrival.code)
    return (
      <div data-referral="coupon">
        <p>{t(ctx, 'referral.yourOffer', { offer })}</p>
        <p className="ls-balance">{arrival.code}</p>
        <p>{t(ctx, 'referral.useAtCheckout')}</p>
        <CodeActions code={arrival.code} applyUrl={arrival.applyUrl} title={offer} label={t(ctx, 'reward.apply')} act={act} ctx={ctx} />
      </div>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError(t(ctx, 'form.invalidEmail'));
      return;
    }
    setError('');
    act({ type: 'claim_referral_coupon', email: email.trim() });
  };
  // the friend's name in bold wherever the language puts it
  const [before, after = ''] = t(ctx, 'referral.sentYou', { offer }).split('{name}');
  return (
    <form className="ls-form" onSubmit={submit} noValidate data-referral="offer" aria-label={t(ctx, 'referral.takeCoupon')}>
      <p>
        {before}
        <strong>{arrival.referrerName || t(ctx, 'referral.aFriend')}</strong>
        {after}
      </p>
      <label htmlFor="ls-w-referral-email">{t(ctx, 'form.yourEmail')}</label>
      <input
        className="ls-input"
        id="ls-w-referral-email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'ls-w-referral-email-error' : undefined}
      />
      {error && (
        <p id="ls-w-referral-email-error" role="alert">
          {error}
        </p>
      )}
      <div className="ls-actions">
        <button className="ls-btn" type="submit">
          {t(ctx, 'referral.getCoupon')}
        </button>
      </div>
    </form>
  );
}

type TextKey = keyof PanelTexts;
const INTRO: TextKey[] = ['title', 'body'];
const BUTTONS: TextKey[] = ['primary_button_label', 'primary_button_url', 'secondary_button_label', 'secondary_button_url'];
const FORM: TextKey[] = ['input_placeholder', 'primary_button_label'];

/** One widget panel: the texts it draws (the builder's inspector shows exactly these) and its view. */
export interface PanelDefinition {
  texts: readonly TextKey[];
  View: (props: PanelViewProps) => ReactNode;
}
const panel = (texts: readonly TextKey[], View: PanelDefinition['View']): PanelDefinition => ({ texts, View });

/** Every panel of spec §2, each defined once. */
export const PANELS: Record<PanelKey, PanelDefinition> = {
  header: panel(['title', 'body'], (p) => <Body {...p} />),
  signup: panel([...INTRO, ...BUTTONS], (p) => (
    <>
      <Body {...p} />
      <Buttons {...p} />
    </>
  )),
  first_time_visitor: panel([...INTRO, ...BUTTONS], (p) => (
    <>
      <Body {...p} />
      <Buttons {...p} />
    </>
  )),
  reward_points: panel([...INTRO, ...BUTTONS], (p) => (
    <>
      <Balance ctx={p.ctx} />
      <Body {...p} />
      <WaysList ctx={p.ctx} mode="earn" act={p.act} />
      {p.ctx.audience === 'member' && <WaysList ctx={p.ctx} mode="redeem" act={p.act} />}
      <Buttons {...p} onSecondary={() => p.go('redeem_cart')} />
    </>
  )),
  referral_program: panel([...INTRO, ...BUTTONS], (p) =>
    p.ctx.audience === 'visitor' && p.ctx.referral ? (
      <>
        <Body {...p} />
        <ReferralArrivalView ctx={p.ctx} act={p.act} />
      </>
    ) : (
      <>
        <Body {...p} />
        <ul className="ls-rewards">
          <li>
            <strong>{t(p.ctx, 'referral.friendGets')}</strong> {referralOfferText(p.ctx.program.referral.referee, p.ctx)}
          </li>
          <li>
            <strong>{t(p.ctx, 'referral.youGet')}</strong> {referralOfferText(p.ctx.program.referral.referrer, p.ctx)}
          </li>
        </ul>
        <Buttons {...p} onPrimary={() => p.go('referral_details')} onSecondary={() => p.go('referral_send_email')} />
      </>
    ),
  ),
  referral_details: panel([...INTRO, ...BUTTONS], (p) => (
    <>
      <Body {...p} />
      <CopyLink ctx={p.ctx} act={p.act}>
        {(copy) => <Buttons {...p} onPrimary={copy} onSecondary={() => p.go('referral_send_email')} />}
      </CopyLink>
      <ReferralList ctx={p.ctx} />
    </>
  )),
  referral_send_email: panel([...INTRO, ...FORM], (p) => (
    <>
      <Body {...p} />
      <OneFieldForm
        {...p}
        type="email"
        label={t(p.ctx, 'form.friendEmail')}
        onSubmit={(email) => {
          p.act({ type: 'send_referral_email', email });
          p.go('referral_complete');
        }}
      />
    </>
  )),
  referral_complete: panel([...INTRO, ...BUTTONS], (p) => (
    <>
      <Body {...p} />
      <ReferralList ctx={p.ctx} />
      <Buttons {...p} onPrimary={() => p.go('home')} />
    </>
  )),
  redeem_cart: panel([...INTRO, 'primary_button_label'], (p) => {
    const balance = p.ctx.member?.pointsBalance ?? 0;
    return (
      <>
        <Balance ctx={p.ctx} />
        <Body {...p} />
        <ul className="ls-rewards">
          {p.ctx.program.waysToRedeem.map((way) => (
            <li key={way.id}>
              <strong>{way.title}</strong> · {points(way.cost, p.ctx)}
              <div className="ls-actions">
                <button
                  type="button"
                  className="ls-btn"
                  disabled={balance < way.cost}
                  onClick={() => p.act({ type: 'redeem', methodId: way.id })}
                  aria-label={`${fillPlaceholders(p.texts.primary_button_label || t(p.ctx, 'reward.redeem'), p.ctx)}: ${way.title}`}
                >
                  {fillPlaceholders(p.texts.primary_button_label || t(p.ctx, 'reward.redeem'), p.ctx)}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </>
    );
  }),
  reward_cart: panel([...INTRO, 'primary_button_label'], (p) => {
    // only codes that still work at checkout (or on their way to the shop), and those the shop refused (the shopper reads why)
    const rewards = (p.ctx.member?.rewards ?? []).filter((r) => !r.used && r.status !== 'used' && r.status !== 'expired');
    const label = fillPlaceholders(p.texts.primary_button_label || t(p.ctx, 'reward.apply'), p.ctx);
    return (
      <>
        <Body {...p} />
        {rewards.length === 0 ? (
          <p>{t(p.ctx, 'reward.none')}</p>
        ) : (
          <ul className="ls-rewards">
            {rewards.map((reward) => (
              <RewardCard key={reward.id} reward={reward} label={label} act={p.act} ctx={p.ctx} />
            ))}
          </ul>
        )}
      </>
    );
  }),
  vip: panel([...INTRO, ...BUTTONS], (p) => {
    const tier = p.ctx.audience === 'member' ? p.ctx.member?.tier : undefined;
    const tiers = programItems(p.ctx, (program) => program.vipTiers);
    return (
      <>
        <Body {...p} />
        {tier && (
          <div data-member="tier-progress">
            <p>
              {tier.current ? t(p.ctx, 'tier.current', { tier: tier.current }) : t(p.ctx, 'tier.none')}
              {tier.next ? ` · ${t(p.ctx, 'tier.left', { amount: formatTierAmount(tier.pointsToNext ?? 0, p.ctx, tier.basis), tier: tier.next })}` : ''}
            </p>
            <div
              className="ls-meter"
              role="progressbar"
              aria-label={t(p.ctx, 'tier.progress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(tier.progress * 100)}
            >
              <span style={{ width: `${Math.round(tier.progress * 100)}%` }} />
            </div>
          </div>
        )}
        {tiers.sample && <SampleNote what="VIP tiers" />}
        <ul className="ls-rewards">
          {tiers.items.map((item) => (
            <li key={item.id} aria-current={tier?.current === item.name ? 'true' : undefined}>
              <strong>{item.name}</strong> · {formatTierAmount(item.threshold, p.ctx)}
              {item.perks.length > 0 && (
                <>
                  <br />
                  {item.perks.join(' · ')}
                </>
              )}
            </li>
          ))}
        </ul>
        <Buttons {...p} />
      </>
    );
  }),
  share_points: panel([...INTRO, ...FORM], (p) => (
    <>
      <Balance ctx={p.ctx} />
      <Body {...p} />
      <OneFieldForm {...p} type="email" label={t(p.ctx, 'form.friendEmail')} onSubmit={(email) => p.act({ type: 'share_points', email })} />
    </>
  )),
  birthday: panel([...INTRO, ...FORM], (p) => (
    <>
      <Body {...p} />
      <OneFieldForm {...p} type="text" label={t(p.ctx, 'form.birthday')} onSubmit={(birthday) => p.act({ type: 'save_birthday', birthday })} />
    </>
  )),
  anniversary: panel([...INTRO, ...BUTTONS], (p) => (
    <>
      <Body {...p} />
      {p.ctx.member?.joinedAt && <p>{t(p.ctx, 'member.since', { date: formatDate(p.ctx.locale, p.ctx.member.joinedAt) })}</p>}
      <Buttons {...p} />
    </>
  )),
};

/** The content of one panel, as a component (so each panel's state is its own). */
export function PanelContent(props: PanelViewProps) {
  const { View } = PANELS[props.panel];
  return <View {...props} />;
}

/** Merchant text, rendered as text with placeholders filled, marked with `data-field`. */
import type { ElementType, ReactNode } from 'react';
import type { RenderContext } from '../context.ts';
import { fillPlaceholders, safeUrl } from '../format/index.ts';
import { useEditable } from './editable.tsx';

interface FieldTextProps {
  as?: ElementType;
  field: string;
  owner: string;
  text: string | undefined;
  ctx: RenderContext;
  className?: string;
  id?: string;
}

/** Renders nothing for empty text. */
export function FieldText({ as: Tag = 'p', field, owner, text, ctx, className, id }: FieldTextProps) {
  const editable = useEditable();
  if (!text) return null;
  const node = (
    <Tag className={className} id={id} data-field={field}>
      {fillPlaceholders(text, ctx)}
    </Tag>
  );
  return <>{editable?.wrapText ? editable.wrapText({ field, owner, audience: ctx.audience, raw: text, node }) : node}</>;
}

interface LinkButtonProps {
  field: string;
  owner: string;
  label: string | undefined;
  url: string | undefined;
  ctx: RenderContext;
  secondary?: boolean;
  children?: ReactNode;
}

/**
 * A link styled as a button. The URL goes through safeUrl; a button without a usable address
 * renders as plain (non-interactive) text so the canvas still shows it.
 */
export function LinkButton({ field, owner, label, url, ctx, secondary, children }: LinkButtonProps) {
  const editable = useEditable();
  if (!label) return null;
  const href = safeUrl(url);
  const node = (
    <a className={secondary ? 'ls-btn ls-btn-2' : 'ls-btn'} href={href} data-field={field}>
      {children}
      {fillPlaceholders(label, ctx)}
    </a>
  );
  return <>{editable?.wrapText ? editable.wrapText({ field, owner, audience: ctx.audience, raw: label, node }) : node}</>;
}

import type { ButtonHTMLAttributes, AnchorHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'plain' | 'critical';

interface CommonProps {
  variant?: ButtonVariant;
  size?: 'medium' | 'small';
  loading?: boolean;
  children: ReactNode;
}

/** The kit's button look, for what must be another element (a router link styled as a button). */
export const buttonClassName = (variant: ButtonVariant = 'secondary', size: 'medium' | 'small' = 'medium', extra?: string) =>
  ['ls-button', `ls-button--${variant}`, size === 'small' ? 'ls-button--small' : '', extra ?? ''].filter(Boolean).join(' ');

export function Button({
  variant = 'secondary',
  size = 'medium',
  loading = false,
  children,
  className: extra,
  disabled,
  type = 'button',
  ...rest
}: CommonProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type={type} className={buttonClassName(variant, size, extra)} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <span className="ls-button__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A link that looks like a button (navigation is a link, not a button). */
export function ButtonLink({
  variant = 'secondary',
  size = 'medium',
  children,
  className: extra,
  ...rest
}: CommonProps & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a className={buttonClassName(variant, size, extra)} {...rest}>
      {children}
    </a>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function PageHeader({
  title,
  subtitle,
  actions,
  back,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <header className="ls-page-header">
      <div>
        {back ? (
          <Link className="ls-page-header__back" to={back.to}>
            ← {back.label}
          </Link>
        ) : null}
        <h1>{title}</h1>
        {subtitle ? <p className="ls-page-header__subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="ls-row">{actions}</div> : null}
    </header>
  );
}

export function Banner({ tone, children, title }: { tone: 'critical' | 'success' | 'info'; children: ReactNode; title?: string }) {
  return (
    <div className={`ls-banner ls-banner--${tone}`} role={tone === 'critical' ? 'alert' : 'status'}>
      <div>
        {title ? <strong>{title} </strong> : null}
        {children}
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';

interface MediaCardProps {
  /** the card's name (its heading, and the list item's accessible name) */
  title: string;
  /** fills the top of the card at a fixed aspect ratio (images and frames are cropped to cover it) */
  media: ReactNode;
  /** beside the title: a Badge */
  status?: ReactNode;
  children?: ReactNode;
  /** the card's action, at its foot */
  action?: ReactNode;
}

/** A card with a picture on top: grids of things to open (surfaces, templates). Render it inside a list. */
export function MediaCard({ title, media, status, children, action }: MediaCardProps) {
  return (
    <li className="ls-media-card" aria-label={title}>
      <div className="ls-media-card__media">{media}</div>
      <div className="ls-media-card__body">
        <div className="ls-media-card__head">
          <h3 className="ls-media-card__title">{title}</h3>
          {status}
        </div>
        {children}
      </div>
      {action ? <div className="ls-media-card__action">{action}</div> : null}
    </li>
  );
}

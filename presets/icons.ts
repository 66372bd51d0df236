/**
 * The small icon library served by POST /icons/list and offered by the builder's icon pickers.
 * Each path is drawn in a 24×24 box as a stroke: `fill="none" stroke="currentColor"
 * stroke-width="2" stroke-linecap="round" stroke-linejoin="round"`. Ids are what documents store.
 */
export interface IconDefinition {
  id: string;
  name: string;
  path: string;
}

export const ICON_VIEWBOX = '0 0 24 24';

export const ICONS = [
  { id: 'gift', name: 'Gift', path: 'M3 9h18v4H3z M5 13h14v8H5z M12 9v12 M12 9C10 5 6 5 6.5 7.5S12 9 12 9 M12 9c2-4 6-4 5.5-1.5S12 9 12 9' },
  { id: 'star', name: 'Star', path: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z' },
  { id: 'bag', name: 'Shopping bag', path: 'M5 8h14l-1 13H6z M9 8V6a3 3 0 0 1 6 0v2' },
  {
    id: 'coins',
    name: 'Points',
    path: 'M12 8c4.4 0 8-1.3 8-3s-3.6-3-8-3-8 1.3-8 3 3.6 3 8 3z M4 5v6c0 1.7 3.6 3 8 3s8-1.3 8-3V5 M4 11v6c0 1.7 3.6 3 8 3s8-1.3 8-3v-6',
  },
  {
    id: 'cake',
    name: 'Birthday cake',
    path: 'M4 21h16 M5 21v-8h14v8 M5 16c2.3 1.5 4.7 1.5 7 0s4.7-1.5 7 0 M12 13V9 M12 6.5c-1 0-1.5-1-.5-2.5l.5-1 .5 1c1 1.5.5 2.5-.5 2.5',
  },
  { id: 'calendar', name: 'Calendar', path: 'M4 5h16v16H4z M4 10h16 M8 3v4 M16 3v4' },
  { id: 'heart', name: 'Heart', path: 'M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z' },
  {
    id: 'share',
    name: 'Share',
    path: 'M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M8.6 13.5l6.8 4 M15.4 6.5l-6.8 4',
  },
  { id: 'user-plus', name: 'Sign up', path: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M2 21v-1a6 6 0 0 1 12 0v1 M19 8v6 M16 11h6' },
  { id: 'mail', name: 'E-mail', path: 'M3 5h18v14H3z M3 6l9 7 9-7' },
  { id: 'camera', name: 'Social post', path: 'M3 8h4l2-3h6l2 3h4v12H3z M12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z' },
  { id: 'crown', name: 'VIP crown', path: 'M3 19h18 M4 16L3 6l5 4 4-6 4 6 5-4-1 10z' },
  { id: 'trophy', name: 'Trophy', path: 'M8 4h8v5a4 4 0 0 1-8 0z M8 6H5a3 3 0 0 0 3 4 M16 6h3a3 3 0 0 1-3 4 M12 13v4 M9 17h6v4H9z' },
  { id: 'award', name: 'Medal', path: 'M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12z M8.5 14L7 22l5-3 5 3-1.5-8' },
  { id: 'coffee', name: 'Coffee cup', path: 'M4 9h13v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z M17 10h1.5a2.5 2.5 0 0 1 0 5H17 M8 3v3 M12 3v3' },
  { id: 'truck', name: 'Free shipping', path: 'M2 6h12v10H2z M14 10h4l3 3v3h-7z M6 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z M17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z' },
  { id: 'percent', name: 'Percent off', path: 'M19 5L5 19 M7 9a2 2 0 1 0 0-4 2 2 0 0 0 0 4z M17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z' },
  { id: 'ticket', name: 'Coupon', path: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z M14 7v10' },
  { id: 'check', name: 'Check', path: 'M5 12l5 5 9-10' },
  {
    id: 'sparkles',
    name: 'Sparkles',
    path: 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z',
  },
] as const satisfies readonly IconDefinition[];

export type IconId = (typeof ICONS)[number]['id'];

/** The library icons whose name or id contains `search` (case-insensitive); all of them for none. */
export function searchIcons(search?: string): readonly IconDefinition[] {
  const term = search?.trim().toLowerCase() ?? '';
  return term ? ICONS.filter((icon) => icon.name.toLowerCase().includes(term) || icon.id.includes(term)) : ICONS;
}

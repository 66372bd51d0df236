import { createContext, lazy, type ComponentType } from 'react';
import type { NavIcon } from '../components/ui/icons.tsx';

/**
 * How a console feature (console/features/<area>) declares itself: its index.ts exports one `Feature`
 * with its pages, its side-navigation item and the cards it lends other screens; console/app/features.ts
 * composes them. Features never import each other: what two need lives in console/components or console/lib.
 */

/** A console page: its address, its title (the document title) and what it holds. */
export interface RouteEntry {
  path: string;
  title: string;
  /** what the page holds */
  purpose: string;
  /** a parent page to go back to */
  back?: { to: string; label: string };
}

/** The screen that shows a route (most ignore which). */
export type Screen = ComponentType<{ route: RouteEntry }>;

export interface FeatureRoute extends RouteEntry {
  screen: Screen;
}

export interface NavItem {
  id: string;
  label: string;
  path: string;
  icon?: NavIcon;
  /** opens outside the console */
  external?: boolean;
  badge?: string;
  children?: NavItem[];
}

/** What a feature's navigation item may depend on. */
export interface NavItemInput {
  now: Date;
  /** the store's settings.email_settings.unlayer */
  emailEditor: boolean;
}

/** A card another feature shows on a customer's details page. */
export interface CustomerCard {
  id: string;
  Card: ComponentType<{ customerId: number }>;
  /** its place among the lent cards (ascending) */
  order: number;
}

export interface Feature {
  /** the feature's folder name */
  id: string;
  routes: FeatureRoute[];
  /** its side-navigation item: in the main list (features' order) or at the bottom */
  nav?: { section: 'main' | 'bottom'; item: (input: NavItemInput) => NavItem };
  customerCards?: CustomerCard[];
}

/** A code-split component (a screen, a lent card): loaded when first shown. */
export const lazyComponent = <P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> => lazy(async () => ({ default: await load() }));

/** The cards features lend the customer details page (the app provides them, sorted). */
export const CustomerCardsContext = createContext<readonly CustomerCard[]>([]);

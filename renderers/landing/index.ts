export { LandingPage, LandingSection, landingRootProperties } from './LandingPage.tsx';
export type { LandingPageProps } from './LandingPage.tsx';
export type { SectionProps } from './frame.tsx';

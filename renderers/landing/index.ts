export { LandingPage, LandingSection, landingRootProperties, SECTION_COMPONENTS } from './LandingPage.tsx';
export type { LandingPageProps } from './LandingPage.tsx';
export type { SectionProps } from './frame.tsx';

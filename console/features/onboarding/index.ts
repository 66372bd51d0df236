import { lazyComponent, type Feature } from '../../lib/feature.ts';

export const onboardingFeature: Feature = {
  id: 'onboarding',
  routes: [
    {
      path: '/onboarding',
      title: 'Onboarding',
      purpose: 'Set up your program step by step.',
      screen: lazyComponent(() => import('./OnboardingPage.tsx').then((m) => m.OnboardingPage)),
    },
  ],
};

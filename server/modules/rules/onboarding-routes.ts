import { dataEnvelope } from '../../contract/common.ts';
import { onboardingCouponBody } from './contract/redeem-rules.ts';
import { saveOnboardingReward } from './onboarding-reward.ts';
import type { RouteModule } from '../../http/context.ts';

/** Spec §7 onboarding: the first reward the merchant chooses becomes a way to redeem. */
export const onboardingRewardRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    app.post(
      '/coupon/onboarding/store',
      {
        config: { permission: 'program:edit' },
        schema: {
          tags: ['store'],
          summary: 'Save the onboarding coupon reward',
          body: onboardingCouponBody,
          response: { 200: dataEnvelope(onboardingCouponBody) },
        },
      },
      async (request) => {
        const { reward } = await saveOnboardingReward(app.db, request.store, request.body, app.clock.now());
        return { data: reward };
      },
    );
  },
};

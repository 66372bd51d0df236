import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { earningRuleBody, earningRuleRecord } from '../../../../server/contract/points.ts';
import type { channelCreateBody } from '../../../../server/contract/store.ts';
import type { OnboardingCoupon } from '../../../lib/api/endpoints.ts';
import type { Store } from '../../../lib/api/types.ts';
import { api, onboarding, queryClient, session } from '../../../lib/runtime.ts';
import { consoleStore } from '../../../state/store.ts';

export type EarningRule = z.infer<typeof earningRuleRecord>;

/** Query keys of the onboarding area. */
const onboardingKeys = {
  all: ['onboarding'] as const,
  channels: ['onboarding', 'channels'] as const,
  activeEarningRules: ['onboarding', 'earning-rules', 'active'] as const,
};

/** The user's details (they carry the store and its settings) changed on the server. */
const refreshUserDetails = () => queryClient.invalidateQueries({ queryKey: ['user-details'] });

/** POST /user/stage with another step's stage (the next one, or back), then the local onboarding stage follows. */
export const useMoveStage = () =>
  useMutation({
    mutationFn: async (stage: number) => {
      await session.setUserStage(stage);
      return stage;
    },
    onSuccess: (stage) => {
      const state = consoleStore().getState();
      if (state.user.users) state.setUserDetails({ ...state.user.users, stage });
      else state.setStage(stage);
    },
  });

/** POST /store/setting/update with the program's name and points label; the next steps speak of points by that name. */
export const useSaveProgramBasics = () =>
  useMutation({
    mutationFn: (basics: { program_name: string; points_label: string }) => onboarding.saveProgramBasics(basics),
    onSuccess: (store) => {
      const state = consoleStore().getState();
      if (state.user.users) state.setUserDetails({ ...state.user.users, store: store as Store });
    },
  });

/** POST /points/store: the first earning rule. */
export const useCreateEarningRule = () =>
  useMutation({
    mutationFn: (rule: z.input<typeof earningRuleBody>) => onboarding.createEarningRule(rule),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.activeEarningRules }),
  });

/** POST /coupon/onboarding/store: the first reward; the store settings then carry it. */
export const useSaveCouponReward = () =>
  useMutation({ mutationFn: (coupon: OnboardingCoupon) => onboarding.saveCouponReward(coupon), onSuccess: refreshUserDetails });

/** GET /store/channel/list */
export const channelsQuery = () => queryOptions({ queryKey: onboardingKeys.channels, queryFn: () => onboarding.listChannels() });

const refreshChannels = () => queryClient.invalidateQueries({ queryKey: onboardingKeys.channels });

/** POST /store/channel/create */
export const useCreateChannel = () =>
  useMutation({ mutationFn: (channel: z.input<typeof channelCreateBody>) => onboarding.createChannel(channel), onSuccess: refreshChannels });

/** POST /store/channel/remove */
export const useRemoveChannel = () => useMutation({ mutationFn: (id: number) => onboarding.removeChannel(id), onSuccess: refreshChannels });

/** GET /points/list of the active rules (the launch summary; a new store has a handful). */
export const activeEarningRulesQuery = () =>
  queryOptions({
    queryKey: onboardingKeys.activeEarningRules,
    queryFn: async () => (await api.get<{ data: EarningRule[] }>('/points/list', { params: { limit: 100, status: 'active' } })).data,
  });

import { useMutation } from '@tanstack/react-query';
import { consoleStore } from '../../state/store.ts';
import { session } from '../../app/session/runtime.ts';
import { nextStage } from './steps.ts';

/** POST /user/stage with the stage after the current one, then the local onboarding stage follows. */
export function useAdvanceStage() {
  return useMutation({
    mutationFn: async (fromStage: number) => {
      const stage = nextStage(fromStage);
      await session.setUserStage(stage);
      return stage;
    },
    onSuccess: (stage) => {
      const state = consoleStore().getState();
      if (state.user.users) state.setUserDetails({ ...state.user.users, stage });
      else state.setStage(stage);
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import { consoleStore } from '../../state/store.ts';
import { session } from '../../lib/runtime.ts';

/** POST /user/stage with another step's stage (the next one, or back), then the local onboarding stage follows. */
export function useMoveStage() {
  return useMutation({
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
}

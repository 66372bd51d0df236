/** Shorthands the inspector forms use: run a command, end a typing burst. */
import { useMemo } from 'react';
import type { Command } from '../commands/command.ts';
import { useBuilderStore } from '../store/store.ts';

export function useEdit() {
  const store = useBuilderStore();
  return useMemo(
    () => ({
      run: <A>(command: Command<A>, args: A) => {
        store.getState().run(command, args);
      },
      seal: () => store.getState().sealHistory(),
    }),
    [store],
  );
}

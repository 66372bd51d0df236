/**
 * The studio's variant B for experiments: "Create variant B" (a copy of the current draft), then
 * a Variant switch A | B that reopens the canvas, the inspector and autosave on that variant,
 * and, on B, the way to the Experiments screen where it is started. Switching saves first.
 */
import { useState } from 'react';
import { isConflict, type VariantKind, type VariantLetter } from '../api.ts';
import { useBuilderStore } from '../store/store.ts';
import { useBuilderApi } from './api-context.ts';
import type { Saver } from './saver.ts';
import { RadioGroup } from './TopBar.tsx';

export interface VariantSwitchProps {
  kind: VariantKind;
  letter: VariantLetter;
  /** a variant B is saved */
  hasB: boolean;
  saver: Saver;
  readOnly: boolean;
  /** reopen the studio on `letter` */
  onSwitch(letter: VariantLetter): void;
  /** the Experiments screen, on this surface */
  experimentsHref: string;
  onNavigate?: ((href: string) => void) | undefined;
}

const NOT_SAVED = 'The changes could not be saved, so the variant was not switched: see the save state.';

export function VariantSwitch({ kind, letter, hasB, saver, readOnly, onSwitch, experimentsHref, onNavigate }: VariantSwitchProps) {
  const store = useBuilderStore();
  const api = useBuilderApi();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { variantB } = api;
  if (!variantB) return null;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      if (!(await saver.save())) {
        setProblem(NOT_SAVED);
        return;
      }
      await work();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const create = () =>
    run(async () => {
      const draft = store.getState().docs[kind];
      if (!draft) throw new Error('This studio does not edit this surface.');
      // B's first version; when someone created B meanwhile, theirs is opened (A's draft, just saved, is what was to be copied)
      await variantB.saveDraft(kind, 0, draft).catch((error: unknown) => {
        if (!isConflict(error)) throw error;
      });
      onSwitch('b');
    });
  const switchTo = (next: VariantLetter) => run(async () => onSwitch(next));

  return (
    <>
      {hasB ? (
        <RadioGroup<VariantLetter>
          name="Variant"
          value={letter}
          options={[
            ['a', 'A'],
            ['b', 'B'],
          ]}
          onChange={(next) => void switchTo(next)}
        />
      ) : (
        !readOnly && (
          <button type="button" className="bs-button" disabled={busy} onClick={() => void create()}>
            Create variant B
          </button>
        )
      )}
      {letter === 'b' && (
        <a
          className="bs-button"
          href={experimentsHref}
          onClick={(event) => {
            if (!onNavigate) return;
            event.preventDefault();
            void run(async () => onNavigate(experimentsHref));
          }}
        >
          Start experiment…
        </a>
      )}
      {problem && (
        <p role="alert" className="bs-topbar__live-problem">
          {problem}
        </p>
      )}
    </>
  );
}

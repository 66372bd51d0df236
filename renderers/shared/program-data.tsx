/**
 * Program data a surface draws (tiers, ways to earn and redeem, milestones): the store's own.
 * Where the store has none, the storefront leaves the part out; the studio's canvas (whose
 * context carries `sampleProgram`) draws sample data instead, marked as sample, and says why.
 */
import type { ProgramData, RenderContext } from '../context.ts';

export interface ProgramItems<T> {
  items: T[];
  /** the items are the canvas's sample, not the store's */
  sample: boolean;
}

export function programItems<T>(ctx: RenderContext, pick: (program: ProgramData) => T[]): ProgramItems<T> {
  const own = pick(ctx.program);
  if (own.length > 0 || !ctx.sampleProgram) return { items: own, sample: false };
  return { items: pick(ctx.sampleProgram), sample: true };
}

/** The canvas's note over sample data: what is missing, and that shoppers will not see it. */
export function SampleNote({ what }: { what: string }) {
  return (
    <p className="ls-sample-note" role="note" data-sample="">
      Sample {what}: your program has none yet, so shoppers don’t see this.
    </p>
  );
}

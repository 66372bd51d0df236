/**
 * The landing studio's "View live" link, with the check of spec §7/§8: the published landing page
 * is fetched (on opening the studio and after each publish), and a page that is missing or broken
 * says so beside the link ("HTTP error! status: {status}") instead of opening an error tab.
 */
import { useEffect, useState } from 'react';

export function ViewLive({ href, check, recheck }: { href: string; check?: (() => Promise<void>) | undefined; recheck?: unknown }) {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!check) return;
    let live = true;
    check().then(
      () => live && setProblem(null),
      (error: unknown) => live && setProblem(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
    // each publish (a new `recheck`) checks the page again
    // oxlint-disable-next-line react/exhaustive-effect-dependencies
  }, [check, recheck]);
  return (
    <>
      <a className="bs-button" href={href} target="_blank" rel="noopener noreferrer">
        View live<span className="bs-visually-hidden"> (opens in a new tab)</span>
      </a>
      {problem && (
        <p role="alert" className="bs-topbar__live-problem">
          The live landing page could not be loaded: {problem}
        </p>
      )}
    </>
  );
}

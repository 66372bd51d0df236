import type { ImportProblem } from '../../../../server/contract/customers.ts';
import { formatCount } from '../../../lib/format.ts';

const SHOWN_PROBLEMS = 200;

/** The problems of an import file, one row each: its line, column and reason (the first 200, then how many more). */
export function ImportProblems({ label, problems }: { label: string; problems: ImportProblem[] }) {
  return (
    <>
      <div className="ls-table">
        <table aria-label={label}>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Column</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {problems.slice(0, SHOWN_PROBLEMS).map((problem, at) => (
              <tr key={at}>
                <td>{problem.line}</td>
                <td>{problem.column || '—'}</td>
                <td>{problem.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problems.length > SHOWN_PROBLEMS ? <p>{`…and ${formatCount(problems.length - SHOWN_PROBLEMS)} more.`}</p> : null}
    </>
  );
}

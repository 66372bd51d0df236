import { useId, useState } from 'react';
import { IMPORT_FIELDS, type ImportCheck } from '../../../../server/contract/customers.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { countOf, formatCount } from '../../../lib/format.ts';
import { checkImport, startImport } from '../api/customers.ts';
import { SelectField } from './SelectField.tsx';

const FIELD_LABELS: Record<(typeof IMPORT_FIELDS)[number], string> = {
  email: 'Email column',
  first_name: 'First name column',
  last_name: 'Last name column',
  birthday: 'Birthday column (YYYY-MM-DD)',
  points: 'Opening balance column',
  tags: 'Tags column (separated by ;)',
};
const SHOWN_PROBLEMS = 200;

/**
 * customer/import in three steps: choose a CSV, map its columns (guessed from the headers), read
 * the dry run's problems (line, column, reason) — then start the background import, which the
 * page follows with a progress bar.
 */
export function ImportDialog({ open, onClose, onStarted }: { open: boolean; onClose: () => void; onStarted: (jobId: string) => void }) {
  const fileId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [check, setCheck] = useState<ImportCheck | null>(null);
  const [busy, setBusy] = useState<'checking' | 'starting' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const runCheck = async (text: string, mapping?: ImportCheck['mapping']) => {
    setBusy('checking');
    setFailure(null);
    try {
      setCheck(await checkImport({ csv: text, ...(mapping ? { mapping } : {}) }));
    } catch (error) {
      setCheck(null);
      setFailure(`The file could not be checked: ${errorMessage(error)}`);
    } finally {
      setBusy(null);
    }
  };
  const choose = async (file: File | undefined) => {
    setCheck(null);
    if (!file) return setCsv(null);
    const text = await file.text();
    setCsv(text);
    await runCheck(text);
  };
  const remap = (field: (typeof IMPORT_FIELDS)[number], header: string) => {
    if (!csv || !check) return;
    const mapping = { ...check.mapping };
    if (header) mapping[field] = header;
    else delete mapping[field];
    void runCheck(csv, mapping);
  };
  const start = async () => {
    if (!csv || !check) return;
    setBusy('starting');
    setFailure(null);
    try {
      const job = await startImport({ csv, mapping: check.mapping });
      onStarted(String(job.id));
      close();
    } catch (error) {
      setFailure(`Nothing was imported: ${errorMessage(error)}`);
    } finally {
      setBusy(null);
    }
  };
  const close = () => {
    setCsv(null);
    setCheck(null);
    setFailure(null);
    onClose();
  };
  const ready = check !== null && check.problems.length === 0 && busy === null;
  const headerOptions = [{ value: '', label: 'Not imported' }, ...(check?.headers ?? []).map((header) => ({ value: header, label: header }))];

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Import customers"
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="primary" disabled={!ready} loading={busy === 'starting'} onClick={() => void start()}>
            {check && ready ? `Import ${countOf(check.valid, 'customer')}` : 'Import'}
          </Button>
        </>
      }
    >
      <div className="ls-stack">
        <p>
          A CSV with one customer per row: an email, and optionally first and last name, birthday, an opening points balance and tags. Existing customers (by
          email) are updated; an opening balance is credited once per customer, so importing the same file again credits nothing.
        </p>
        <div className="ls-field">
          <label className="ls-field__label" htmlFor={fileId}>
            CSV file
          </label>
          <input id={fileId} className="ls-field__input" type="file" accept=".csv,text/csv" onChange={(event) => void choose(event.target.files?.[0])} />
        </div>
        {failure ? <Banner tone="critical">{failure}</Banner> : null}
        {busy === 'checking' ? <p role="status">Checking the file…</p> : null}
        {check ? (
          <>
            <fieldset className="ls-import-mapping">
              <legend>Columns</legend>
              {IMPORT_FIELDS.map((field) => (
                <SelectField
                  key={field}
                  label={FIELD_LABELS[field]}
                  value={check.mapping[field] ?? ''}
                  options={headerOptions}
                  onChange={(header) => remap(field, header)}
                />
              ))}
            </fieldset>
            <p role="status">{`${countOf(check.rows, 'row')}, ${formatCount(check.valid)} ready to import, ${countOf(check.opening_points, 'opening point')}.`}</p>
            {check.problems.length > 0 ? (
              <>
                <Banner tone="critical">{`${countOf(check.problems.length, 'problem')} found: nothing will be imported until the file is fixed.`}</Banner>
                <div className="ls-table">
                  <table aria-label="Problems">
                    <thead>
                      <tr>
                        <th scope="col">Line</th>
                        <th scope="col">Column</th>
                        <th scope="col">Reason</th>
                      </tr>
                    </thead>
                    <tbody>
                      {check.problems.slice(0, SHOWN_PROBLEMS).map((problem, at) => (
                        <tr key={at}>
                          <td>{problem.line}</td>
                          <td>{problem.column || '—'}</td>
                          <td>{problem.reason}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                {check.problems.length > SHOWN_PROBLEMS ? <p>{`…and ${formatCount(check.problems.length - SHOWN_PROBLEMS)} more.`}</p> : null}
              </>
            ) : (
              <Banner tone="success">No problems found: the file is ready to import.</Banner>
            )}
          </>
        ) : null}
      </div>
    </Dialog>
  );
}

import { useId, useState } from 'react';
import { IMPORT_FIELDS, type ImportCheck } from '../../../../server/contract/customers.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Checkbox } from '../../../components/ui/Field.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { countOf, formatCount } from '../../../lib/format.ts';
import { checkImport, startImport } from '../api/customers.ts';
import { ImportProblems } from './ImportProblems.tsx';
import { SelectField } from './SelectField.tsx';

const FIELD_LABELS: Record<(typeof IMPORT_FIELDS)[number], string> = {
  email: 'Email column',
  first_name: 'First name column',
  last_name: 'Last name column',
  birthday: 'Birthday column (YYYY-MM-DD)',
  points: 'Opening balance column',
  tags: 'Tags column (separated by ;)',
};

/** What the import would do, as the dry run counted it against the store's customers. */
export const importOutlook = (check: ImportCheck) =>
  `${countOf(check.rows, 'row')}: ${formatCount(check.created)} new, ${formatCount(check.updated)} updated, ${formatCount(check.unchanged)} unchanged, ` +
  `${formatCount(check.skipped)} skipped; ${countOf(check.opening_points, 'opening point')} to credit.`;

/**
 * customer/import in three steps: choose a CSV, map its columns (guessed from the headers), read
 * the dry run's problems (line, column, reason) and what the import would do — then start the
 * background import (with "Skip bad rows", the good rows of a file with bad ones), which the page
 * follows with a progress bar.
 */
export function ImportDialog({ open, onClose, onStarted }: { open: boolean; onClose: () => void; onStarted: (jobId: string) => void }) {
  const fileId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [check, setCheck] = useState<ImportCheck | null>(null);
  const [busy, setBusy] = useState<'checking' | 'starting' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [skipBad, setSkipBad] = useState(false);

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
      const job = await startImport({ csv, mapping: check.mapping, ...(skipping ? { skip_bad_rows: true } : {}) });
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
    setSkipBad(false);
    onClose();
  };
  const skippable = check !== null && check.problems.length > 0 && !check.whole_file && check.valid > 0;
  const skipping = skippable && skipBad;
  const ready = check !== null && (check.problems.length === 0 || skipping) && busy === null;
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
            <p role="status">{check.whole_file ? `${countOf(check.rows, 'row')}.` : importOutlook(check)}</p>
            {check.problems.length > 0 ? (
              <>
                <Banner tone={skipping ? 'info' : 'critical'}>
                  {skipping
                    ? `${check.skipped === 1 ? '1 row has' : `${formatCount(check.skipped)} rows have`} problems and will be skipped; the other ${formatCount(check.valid)} will be imported.`
                    : `${countOf(check.problems.length, 'problem')} found: nothing will be imported until the file is fixed${skippable ? ' or you skip the bad rows' : ''}.`}
                </Banner>
                {skippable ? (
                  <Checkbox
                    label="Skip bad rows"
                    hint="Import the rows without problems and list the bad ones with their reasons."
                    checked={skipBad}
                    onChange={(event) => setSkipBad(event.target.checked)}
                  />
                ) : null}
                <ImportProblems label="Problems" problems={check.problems} />
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

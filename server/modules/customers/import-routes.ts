import { idParams } from '../../contract/common.ts';
import { CUSTOMER_IMPORT_BYTES, customerImportBody, customerInviteBody, type ImportCheck } from './contract/customers.ts';
import { checkCustomerFile } from './import.ts';
import { createCustomerImport, findCustomerImport, inviteCustomers, OPENING_BALANCE_SOURCE, presentCustomerImport } from './import-jobs.ts';
import { previewCustomerImport } from './import-preview.ts';
import { customerExists } from '../../domain/ledger/index.ts';
import type { RouteModule } from '../../http/context.ts';
import { ApiError, notFound } from '../../http/errors.ts';

/** Problems named in a refusal's `errors` at most (the dry run lists them all). */
const NAMED_PROBLEMS = 50;

/**
 * Data host customer/import: a dry run checks every row and writes nothing; a file
 * without problems is imported in the background by the in-process runner (resumed after a
 * restart, claimed with SKIP LOCKED so one process runs it), its progress read with
 * GET customer/import/{id}.
 */
export const customerImportRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    app.post(
      '/customer/import',
      {
        config: { permission: 'customers:manage' },
        bodyLimit: CUSTOMER_IMPORT_BYTES + 64 * 1024,
        schema: {
          tags: ['customers'],
          summary: 'Import customers from CSV: dry run, then a background job with progress (opening balances credited once)',
          description:
            'dry_run: true answers { headers, mapping, rows, valid, created, updated, unchanged, skipped, opening_points, problems: [{ line, column, reason }], whole_file } ' +
            'and writes nothing: what importing the good rows would do now (opening points only for customers that will get them). ' +
            'Otherwise a file with problems is refused (422, nothing written) unless skip_bad_rows is true (and the problems are rows, not the whole file): ' +
            'then the good rows are imported and the bad ones listed. A started import answers 202 with the job ' +
            '{ id, status, total, processed, created, updated, unchanged, skipped, skipped_rows, points_credited }; read its progress with GET /customer/import/{id}.',
          body: customerImportBody,
        },
      },
      async (request, reply) => {
        const today = app.clock.now().toISOString().slice(0, 10);
        const file = checkCustomerFile(request.body.csv, request.body.mapping, today);
        if (request.body.dry_run) {
          const outcome = await previewCustomerImport(app.db, request.store.id, file.customers, OPENING_BALANCE_SOURCE);
          const check: ImportCheck = {
            headers: file.headers,
            mapping: file.mapping,
            rows: file.rows,
            valid: file.customers.length,
            ...outcome,
            skipped: file.badRows,
            problems: file.problems,
            whole_file: file.wholeFile,
          };
          return { data: check };
        }
        const skipping = request.body.skip_bad_rows === true && !file.wholeFile;
        if (skipping && file.customers.length === 0) throw new ApiError(422, 'Every row of the file has a problem: nothing was imported.', 'invalid_file');
        if (file.problems.length > 0 && !skipping) {
          const errors = Object.fromEntries(
            file.problems.slice(0, NAMED_PROBLEMS).map((problem) => [`csv.line.${problem.line}${problem.column ? `.${problem.column}` : ''}`, problem.reason]),
          );
          const count = file.problems.length;
          throw new ApiError(
            422,
            `The file has ${count} ${count === 1 ? 'problem' : 'problems'}: nothing was imported. ${file.wholeFile ? 'Fix them' : 'Fix them, or skip the bad rows,'} and import again.`,
            'invalid_file',
            errors,
          );
        }
        const skipped = { rows: file.badRows, problems: file.problems };
        const record = await createCustomerImport(app.db, request.store.id, file.customers, request.user.name, app.clock.now(), skipped);
        app.work.jobsQueued.raise();
        return reply.code(202).send({ data: presentCustomerImport(record) });
      },
    );

    app.get(
      '/customer/import/:id',
      { config: { permission: 'customers:manage' }, schema: { tags: ['customers'], summary: 'The progress of a customer import', params: idParams } },
      async (request) => {
        const record = await findCustomerImport(app.db, request.store.id, request.params.id);
        if (!record) throw notFound('Import');
        return { data: presentCustomerImport(record) };
      },
    );
  },
};

/** Base API POST /customer/invite (spec §7): invitations to join, queued once per customer. */
export const customerInviteRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    app.post(
      '/customer/invite',
      {
        config: { permission: 'customers:manage' },
        schema: {
          tags: ['customers'],
          summary: 'Invite past customers to join the program (the chosen ones, or every guest); each customer is invited once',
          body: customerInviteBody,
        },
      },
      async (request) => {
        for (const id of new Set(request.body.customer_ids)) if (!(await customerExists(app.db, request.store.id, id))) throw notFound('Customer');
        const invited = await inviteCustomers(app.db, request.store.id, request.body.customer_ids, request.user.name, app.clock.now());
        return { data: { invited } };
      },
    );
  },
};

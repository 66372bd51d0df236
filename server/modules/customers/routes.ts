import { customerBirthdayBody, customerDeleteBody, customerIdParams, customerListQuery, programChangeBody } from './contract/customers.ts';
import type { CustomerListAnswer, CustomerRow } from './contract/customers.ts';
import type { CustomerSort } from './contract/vocabulary.ts';
import { listCustomers, type CustomerListRow } from './list.ts';
import { changeProgramStatus, deleteCustomer, findCustomer, showCustomer } from './profile.ts';
import { setBirthday } from '../rules/index.ts';
import type { App, RouteModule } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { underPersonsCap } from '../../http/points-cap.ts';
import { asApiError } from '../../http/rule-errors.ts';

const presentCustomer = (row: CustomerListRow): CustomerRow => ({
  id: row.id,
  name: `${row.first_name} ${row.last_name}`.trim(),
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  birthday: row.birthday,
  tags: row.tags,
  balance: Number(row.balance),
  pending: Number(row.pending),
  lifetime: Number(row.lifetime),
  vip_tier: row.vip_tier,
  referrals: row.referral_count,
  program_status: row.program_status,
  holdout: row.holdout,
  source: row.source,
  joined_at: row.created_at.toISOString(),
  deleted: row.deleted_at !== null,
});

export const filterOf = (
  query: { search?: string | undefined; type?: 'all' | 'email' | 'name' | undefined; status?: 'active' | 'deleted' | 'all' | undefined } & Record<
    string,
    unknown
  >,
) => ({
  search: query.search,
  type: query.type,
  status: query.status,
  source: query.source as string | undefined,
  programStatus: query.program_status as CustomerRow['program_status'] | undefined,
  vipTier: query.vip_tier as string | undefined,
  tag: query.tag as string | undefined,
  points: query.points as { min?: number; max?: number } | undefined,
});

async function existing(app: App, storeId: number, customerId: number) {
  const customer = await findCustomer(app.db, storeId, customerId);
  if (!customer) throw notFound('Customer');
  return customer;
}

/** Spec §7 data host: the customer list, one customer, birthday, program status and delete. */
export const customerRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    app.get(
      '/customer',
      {
        config: { permission: 'customers:read' },
        schema: {
          tags: ['customers'],
          summary:
            'The customer list: search, filters, sort and pages (limit capped at 100; total counted up to 10,000 past the page, total_capped when more match)',
          querystring: customerListQuery,
        },
      },
      async (request): Promise<{ data: CustomerListAnswer }> => {
        const { page, limit, sort_by: sortBy } = request.query;
        const sort = sortBy ? { by: sortBy.replace(/^-/, '') as CustomerSort, desc: sortBy.startsWith('-') } : undefined;
        const { rows, total, capped } = await listCustomers(app.db, request.store.id, { ...filterOf(request.query), sort, limit, offset: (page - 1) * limit });
        return { data: { data: rows.map(presentCustomer), total, total_capped: capped, page, limit } };
      },
    );

    app.get(
      '/customer/show/:id',
      {
        config: { permission: 'customers:read' },
        schema: { tags: ['customers'], summary: 'One customer with points balance, pending and lifetime totals', params: customerIdParams },
      },
      async (request) => {
        const customer = await showCustomer(app.db, request.store.id, request.params.id, app.clock.now());
        if (!customer) throw notFound('Customer');
        return { data: { item: presentCustomer(customer) } };
      },
    );

    app.post(
      '/customer/birthday',
      {
        config: { permission: 'customers:support' },
        schema: { tags: ['customers'], summary: 'Set the birthday (its reward waits a year unless saved a month ahead)', body: customerBirthdayBody },
      },
      async (request) => {
        const { customer_id: customerId, birthday } = request.body;
        await existing(app, request.store.id, customerId);
        const { rewardOn } = await underPersonsCap(app, request, (db) => setBirthday(db, request.store.id, customerId, birthday, app.clock.now())).catch(
          asApiError,
        );
        return { data: { birthday, reward_on: rewardOn } };
      },
    );

    app.post(
      '/customer/program/change',
      {
        config: { permission: 'customers:manage' },
        schema: { tags: ['customers'], summary: 'Exclude customers from the program or include them again', body: programChangeBody },
      },
      async (request) => {
        const ids = [...new Set(request.body.customer_ids)];
        for (const id of ids) await existing(app, request.store.id, id);
        const changed = await changeProgramStatus(app.db, request.store.id, ids, request.body.program_status);
        return { data: { changed, program_status: request.body.program_status } };
      },
    );

    app.post(
      '/customer/delete',
      {
        config: { permission: 'customers:manage' },
        schema: { tags: ['customers'], summary: 'Delete a customer: personal data erased, ledger kept anonymised', body: customerDeleteBody },
      },
      async (request) => {
        await existing(app, request.store.id, request.body.customer_id);
        await deleteCustomer(app.db, request.store.id, request.body.customer_id, app.clock.now());
        return { data: { id: request.body.customer_id, deleted: true } };
      },
    );
  },
};

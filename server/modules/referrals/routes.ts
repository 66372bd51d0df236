import { referralCancelBody, referralListBody, referralSettingsBody, referralUnblockBody, type ReferralRow } from './contract.ts';
import {
  cancelReferral,
  listReferrals,
  readReferralSettings,
  referralFigures,
  removeReferralPoints,
  saveReferralSettings,
  unblockReferral,
  type Referral,
} from './service.ts';
import { customerExists } from '../../domain/ledger/index.ts';
import type { RouteModule } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { underPersonsCap } from '../../http/points-cap.ts';
import { asApiError } from '../../http/rule-errors.ts';

type ListedReferral = Awaited<ReturnType<typeof listReferrals>>['rows'][number];

const iso = (date: Date | null) => date?.toISOString() ?? null;

function presentReferral(row: ListedReferral): ReferralRow {
  return {
    id: row.id,
    referrer: { id: row.referrer_id, name: `${row.first_name} ${row.last_name}`.trim(), email: row.referrer_email },
    friend_email: row.friend_email,
    friend_code: row.friend_code,
    state: row.state,
    reason: row.reason,
    flags: row.flags,
    order_number: row.order_number,
    order_total_minor: row.order_total_minor,
    order_currency: row.order_currency,
    completes_at: iso(row.completes_at),
    completed_at: iso(row.completed_at),
    rewarded: row.reward_entry_id !== null,
    created_at: row.created_at.toISOString(),
  };
}

const presentChange = (referral: Referral) => ({ id: referral.id, state: referral.state, reason: referral.reason, friend_code: referral.friend_code });

/** Spec §7 "Loyalty config": the store's referral program. */
export const referralSettingRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    app.get(
      '/referral-setting',
      { config: { permission: 'program:read' }, schema: { tags: ['referrals'], summary: 'The referral program (spec §9 defaults until saved)' } },
      async (request) => ({
        data: await readReferralSettings(app.db, request.store.id),
      }),
    );

    app.post(
      '/referral-setting/store',
      {
        config: { permission: 'program:edit' },
        schema: {
          tags: ['referrals'],
          summary: "Save the referral program: both rewards, the friend's minimum order, the pending window, limits, fraud checks",
          body: referralSettingsBody,
        },
      },
      async (request) => ({ data: await saveReferralSettings(app.db, request.store.id, request.body, app.clock.now()) }),
    );

    app.get(
      '/referral-setting/delete/referralpoints',
      {
        config: { permission: 'program:edit' },
        schema: { tags: ['referrals'], summary: "Stop giving the referrer points: the reward goes back to spec §9's 5% off coupon" },
      },
      async (request) => ({ data: await removeReferralPoints(app.db, request.store.id, app.clock.now()) }),
    );
  },
};

/** Data host: the referral list with its figures, and the review queue's cancel and unblock. */
export const dataReferralRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    app.post(
      '/transaction/referrals',
      {
        config: { permission: 'customers:read' },
        schema: { tags: ['referrals'], summary: 'Referrals, newest first (state, reason, order), with the figures', body: referralListBody },
      },
      async (request) => {
        const { customer_id: customerId, state, search, limit, page } = request.body;
        const storeId = request.store.id;
        if (customerId !== undefined && !(await customerExists(app.db, storeId, customerId))) throw notFound('Customer');
        const { rows, total } = await listReferrals(app.db, storeId, { state, customerId, search }, { page, perPage: limit }, app.clock.now());
        return { data: { data: rows.map(presentReferral), total, page, limit, figures: await referralFigures(app.db, storeId) } };
      },
    );

    app.post(
      '/referral/cancel',
      {
        config: { permission: 'customers:support' },
        schema: { tags: ['referrals'], summary: 'Cancel a pending or blocked referral: nobody is rewarded', body: referralCancelBody },
      },
      async (request) => {
        const referral = await underPersonsCap(app, request, (db) =>
          cancelReferral(db, request.store.id, request.body.id, request.body.reason ?? null, request.user.name, app.clock.now()),
        ).catch(asApiError);
        return { data: presentChange(referral) };
      },
    );

    app.post(
      '/referral/unblock',
      {
        config: { permission: 'customers:support' },
        schema: {
          tags: ['referrals'],
          summary: 'Approve a referral held for review: it goes on (coupon issued, referrer rewarded once its order counts)',
          body: referralUnblockBody,
        },
      },
      async (request) => {
        const referral = await underPersonsCap(app, request, (db) =>
          unblockReferral(db, request.store.id, request.body.id, request.user.name, app.clock.now()),
        ).catch(asApiError);
        return { data: presentChange(referral) };
      },
    );
  },
};

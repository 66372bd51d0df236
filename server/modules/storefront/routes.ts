import fastifyCors from '@fastify/cors';
import { referralClaimBody, referralCouponBody, referralVisitBody } from '../../contract/referrals.ts';
import { bootstrapQuery, shopperActionBody, shopperQuery, shopperRedeemBody, shopperReferralInviteBody, storeKeyParams } from './contract/shopper.ts';
import { getMemberState, getProgramData } from '../program/index.ts';
import { claimFriendCoupon, friendCouponReferral, recordVisit, sendInvite } from '../referrals/index.ts';
import { claimAction, presentReward, redeemReward, setBirthday } from '../rules/index.ts';
import { bootstrapPayload, customerByExternalId, digestMatches, rememberCustomerLocale } from './service.ts';
import { earlierReply, keepReply } from './replies.ts';
import { previewAllowed } from '../../domain/documents/index.ts';
import { findStoreBy } from '../stores/index.ts';
import { discountsOfTier, memberTier, presentDiscount } from '../vip/index.ts';
import { assignShopper } from '../experiments/index.ts';
import { codeStatusFields, connectionStatus, friendCodeStatus, InvalidBigCommerceJwt, shopperOfCustomerJwt, withCodeStatuses } from '../platforms/index.ts';
import type { Store } from '../../db/schema.ts';
import type { App, RouteModule } from '../../http/context.ts';
import { compressAnswers } from '../../http/compression.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { asApiError } from '../../http/rule-errors.ts';

/** The surfaces the embed draws that experiments can run on (the landing page is its own page). */
const STOREFRONT_EXPERIMENTS = ['widget', 'sticky_bar'] as const;

/** Public referral calls: a few a minute per address is plenty for a shopper. */
const REFERRAL_RATE = { max: 20, timeWindow: '1 minute' };
/** The widget asks about a friend coupon the shop is preparing every 2 s for about a minute. */
const FRIEND_COUPON_RATE = { max: 60, timeWindow: '1 minute' };
/** Shopper actions (follow, newsletter, birthday): claimed on trust, so a few a minute per address. */
const ACTION_RATE = { max: 20, timeWindow: '1 minute' };

const badDigest = () => new ApiError(401, 'The customer signature is not valid.', 'invalid_digest');
const badPreview = () => new ApiError(401, 'This preview link is not valid: it expired or was revoked.', 'invalid_preview');

/** The store of a storefront call; a store uninstalled from its platform answers as an unknown one. */
export async function storeOf(app: App, storeKey: string): Promise<Store> {
  const store = await findStoreBy(app.db, 'store_name', storeKey);
  if (!store || (await connectionStatus(app.db, store.id))?.status === 'uninstalled') throw notFound('Store');
  return store;
}

/** The shopper of the platform's current customer JWT, and the signature the embed signs its next calls with. */
async function jwtShopper(app: App, store: Store, jwt: string) {
  try {
    return await shopperOfCustomerJwt(app.db, app.config.platforms, store, jwt);
  } catch (error) {
    if (error instanceof InvalidBigCommerceJwt) throw new ApiError(401, 'The customer token is not valid.', 'invalid_customer_token');
    throw error;
  }
}

/** The signed-in shopper: the digest must match, and the customer must be known to the store. */
export async function shopper(app: App, store: Store, customerId: string, digest: string): Promise<number> {
  if (!digestMatches(store, customerId, digest)) throw badDigest();
  const id = await customerByExternalId(app.db, store.id, customerId);
  if (id === null) throw notFound('Customer');
  return id;
}

/** Shopper API: public, CORS open, every call signed by the customer digest. */
export const storefrontApiRoutes: RouteModule = {
  prefix: '/storefront/v1',
  async register(app) {
    // CORS is open for these routes only; preflights are answered here (by store key) rather than
    // by the plugin's catch-all OPTIONS route
    await app.register(fastifyCors, { origin: '*', preflight: false });
    // the bootstrap (the loader's one request) and the other answers go compressed to browsers that take it
    compressAnswers(app);
    app.options('/:storeKey/*', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'content-type, idempotency-key')
        .header('access-control-max-age', '86400')
        .send(),
    );

    app.get(
      '/:storeKey/bootstrap',
      {
        schema: {
          tags: ['storefront'],
          summary: "The embed's single request: documents, program, member",
          params: storeKeyParams,
          querystring: bootstrapQuery,
        },
      },
      async (request, reply) => {
        const store = await storeOf(app, request.params.storeKey);
        const { customer_id: customerId, digest, customer_jwt: customerJwt, preview, locale, aid } = request.query;
        const drafts = preview !== undefined;
        if (drafts) {
          // a preview link of this store, not expired nor revoked: its drafts, for this browser only
          if (!(await previewAllowed(app.db, store.id, preview, app.clock.now()))) throw badPreview();
          reply.header('cache-control', 'private, no-store');
        }
        const now = app.clock.now();
        let member: number | null = null;
        let signed: { customer_id: string; digest: string } | undefined;
        if (customerJwt !== undefined) {
          const identified = await jwtShopper(app, store, customerJwt);
          member = identified.id;
          signed = { customer_id: identified.customerId, digest: identified.digest };
        } else if (customerId !== undefined || digest !== undefined) {
          if (!customerId || !digest || !digestMatches(store, customerId, digest)) throw badDigest();
          member = await customerByExternalId(app.db, store.id, customerId);
        }
        if (member !== null && locale) await rememberCustomerLocale(app.db, store.id, member, locale);
        // a running experiment shows this page load its variant (never to a preview of the drafts)
        const assignments = drafts
          ? []
          : await assignShopper(
              app.db,
              store.id,
              { anonymousId: aid, customerExternalId: signed?.customer_id ?? customerId, customerId: member },
              STOREFRONT_EXPERIMENTS,
              now,
            );
        const variants = Object.fromEntries(assignments.filter((shown) => shown.document !== undefined).map((shown) => [shown.kind, shown.document]));
        const payload = await bootstrapPayload(app.db, store, member, now, drafts, locale, variants);
        const experiments = assignments.map(({ kind, variant, beacon }) => ({ kind, variant, beacon }));
        return { data: { ...payload, ...(experiments.length > 0 && { experiments }), ...(signed && { shopper: signed }) } };
      },
    );

    app.get(
      '/:storeKey/member',
      { schema: { tags: ['storefront'], summary: "The member's points, rewards and what they can afford", params: storeKeyParams, querystring: shopperQuery } },
      async (request) => {
        const store = await storeOf(app, request.params.storeKey);
        const customerId = await shopper(app, store, request.query.customer_id, request.query.digest);
        const now = app.clock.now();
        const [member, program, vip] = await Promise.all([
          getMemberState(app.db, store.id, customerId, now),
          getProgramData(app.db, store.id, now, { customerId }),
          memberTier(app.db, store.id, customerId),
        ]);
        if (!member) throw notFound('Customer');
        const discounts = vip.tier_id === null ? [] : await discountsOfTier(app.db, store.id, vip.tier_id, now);
        return {
          data: {
            ...member,
            vip: { ...vip, discounts: discounts.map(presentDiscount) },
            waysToEarn: program.waysToEarn,
            waysToRedeem: program.waysToRedeem.map((way) => ({ ...way, affordable: member.pointsBalance >= way.cost })),
          },
        };
      },
    );

    app.post(
      '/:storeKey/redeem',
      { schema: { tags: ['storefront'], summary: 'Redeem points for a reward (Idempotency-Key honoured)', params: storeKeyParams, body: shopperRedeemBody } },
      async (request, reply) => {
        const store = await storeOf(app, request.params.storeKey);
        const customerId = await shopper(app, store, request.body.customer_id, request.body.digest);
        const header = request.headers['idempotency-key'];
        const key = typeof header === 'string' && header.length > 0 && header.length <= 200 ? header : undefined;
        const replyKey = key ? { storeId: store.id, customerId, key } : undefined;
        if (replyKey) {
          const earlier = await earlierReply(app.db, replyKey);
          if (earlier) return reply.code(earlier.status_code).send(earlier.response);
        }
        let status = 200;
        let body: unknown;
        try {
          const reward = await redeemReward(
            app.db,
            {
              storeId: store.id,
              customerId,
              redeemId: request.body.redeem_id,
              points: request.body.points,
              ...(key ? { requestId: `storefront:${customerId}:${key}` } : {}),
            },
            app.clock.now(),
          );
          // a connected store: the code's platform side (`preparing` until the shop has it)
          const [shown] = await withCodeStatuses(app.db, store.id, [reward]);
          body = { data: presentReward(shown ?? reward) };
        } catch (error) {
          try {
            asApiError(error);
          } catch (apiError) {
            if (!(apiError instanceof ApiError) || apiError.status >= 500) throw apiError;
            status = apiError.status;
            body = { message: apiError.message, errors: apiError.errors, code: apiError.code };
          }
        }
        if (replyKey) await keepReply(app.db, replyKey, status, body, app.clock.now());
        return reply.code(status).send(body);
      },
    );

    app.post(
      '/:storeKey/actions',
      {
        schema: {
          tags: ['storefront'],
          summary: 'Claim a social follow or share, the newsletter or the sign-up reward, or set a birthday',
          params: storeKeyParams,
          body: shopperActionBody,
        },
        config: { rateLimit: ACTION_RATE },
      },
      async (request) => {
        const store = await storeOf(app, request.params.storeKey);
        const body = request.body;
        const customerId = await shopper(app, store, body.customer_id, body.digest);
        const now = app.clock.now();
        try {
          if (body.action === 'birthday') {
            const { rewardOn, entry } = await setBirthday(app.db, store.id, customerId, body.birthday, now);
            return { data: { birthday: body.birthday, reward_on: rewardOn, points: entry ? entry.pending_points + entry.points : 0 } };
          }
          const claimKey = 'network' in body ? `${body.action}:${body.network}` : body.action;
          const { entry, duplicate } = await claimAction(
            app.db,
            { storeId: store.id, customerId, type: body.action, ...('network' in body ? { network: body.network } : {}), claimKey },
            now,
          );
          return { data: { points: entry.points + entry.pending_points, duplicate } };
        } catch (error) {
          return asApiError(error);
        }
      },
    );

    app.post(
      '/:storeKey/referral/visit',
      {
        schema: {
          tags: ['storefront'],
          summary: "A visitor opened a referral link (?ref=): remembered, first touch wins; answers the friend's offer",
          params: storeKeyParams,
          body: referralVisitBody,
        },
        config: { rateLimit: REFERRAL_RATE },
      },
      async (request) => {
        const store = await storeOf(app, request.params.storeKey);
        const { code, visitor, device } = request.body;
        return { data: await recordVisit(app.db, store.id, { code, visitor, ip: request.ip, device: device ?? null }, app.clock.now()).catch(asApiError) };
      },
    );

    app.post(
      '/:storeKey/referral/claim',
      {
        schema: {
          tags: ['storefront'],
          summary: 'The friend takes the coupon with their e-mail (once per e-mail)',
          params: storeKeyParams,
          body: referralClaimBody,
        },
        config: { rateLimit: REFERRAL_RATE },
      },
      async (request) => {
        const store = await storeOf(app, request.params.storeKey);
        const { visitor, email, device } = request.body;
        const answer = await claimFriendCoupon(app.db, store.id, { visitor, email, ip: request.ip, device: device ?? null }, app.clock.now()).catch(asApiError);
        // a referral held for review: the shopper never learns why
        if (!answer.ok) throw new ApiError(422, answer.message, 'referral_not_completed');
        const platform = codeStatusFields(await friendCodeStatus(app.db, store.id, answer.referralId));
        return { data: { code: answer.code, offer: answer.offer, expires_at: answer.expires_at, ...platform } };
      },
    );

    app.post(
      '/:storeKey/referral/coupon',
      {
        schema: {
          tags: ['storefront'],
          summary: "How the shop's platform stands with the friend coupon the visitor took: preparing, created or refused",
          params: storeKeyParams,
          body: referralCouponBody,
        },
        config: { rateLimit: FRIEND_COUPON_RATE },
      },
      async (request) => {
        const store = await storeOf(app, request.params.storeKey);
        const { visitor, code } = request.body;
        const referralId = await friendCouponReferral(app.db, store.id, visitor, code).catch(asApiError);
        return { data: { code, ...codeStatusFields(await friendCodeStatus(app.db, store.id, referralId)) } };
      },
    );

    app.post(
      '/:storeKey/referral/invite',
      {
        schema: {
          tags: ['storefront'],
          summary: 'The member e-mails their referral link to a friend (once per friend)',
          params: storeKeyParams,
          body: shopperReferralInviteBody,
        },
        config: { rateLimit: REFERRAL_RATE },
      },
      async (request) => {
        const store = await storeOf(app, request.params.storeKey);
        const customerId = await shopper(app, store, request.body.customer_id, request.body.digest);
        return { data: await sendInvite(app.db, store.id, customerId, request.body.email, app.clock.now()).catch(asApiError) };
      },
    );
  },
};

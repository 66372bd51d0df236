import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkProject, checkSource, moduleCycles } from './check-boundaries.ts';

const fixtures = join(import.meta.dirname, '..', 'tests', 'fixtures', 'boundaries');

describe('import boundaries (DESIGN.md §2)', () => {
  it.each([
    ['renderers/landing/Banner.tsx', "import { x } from '../../builder/store/index.ts';", 'must not import builder/'],
    ['renderers/widget/Panel.tsx', "import { useStore } from 'zustand';", "must not import 'zustand'"],
    ['renderers/theme/index.ts', "export { presets } from '../../presets/index.ts';", 'must not import presets/'],
    ['renderers/contract/landing.ts', "import React from 'react';", 'may import only zod'],
    ['renderers/contract/landing.ts', "import { readFileSync } from 'node:fs';", 'may import only zod'],
    ['renderers/contract/landing.test.ts', "import React from 'react';", 'may import only zod'],
    ['renderers/contract/landing.ts', "import { Banner } from '../landing/Banner.tsx';", 'may import only renderers/contract'],
    ['server/http/routes.ts', "import { App } from '../../console/app/App.tsx';", 'must not import console/'],
    ['server/http/routes.ts', "const b = await import('../../builder/index.ts');", 'must not import builder/'],
    ['builder/store/index.ts', "import { api } from '../../console/lib/api.ts';", 'must not import console/'],
    ['builder/store/index.ts', "import { db } from '../../server/db/index.ts';", 'must not import server/'],
    ['console/app/App.tsx', "import { db } from '../../server/db/index.ts';", 'must not import server/'],
    ['console/app/App.tsx', "import { Canvas } from '../../builder/canvas/Canvas.tsx';", 'public index'],
    ['presets/launcher.ts', "import React from 'react';", "must not import 'react'"],
    ['builder/inspector/Field.tsx', "import { Frame } from '@craftjs/core';", 'confined to builder/craft/'],
    ['builder/studio/Studio.tsx', "import { Puck } from '@puckeditor/core';", 'confined to tests/bench/'],
    ['console/features/onsite-display/pages.tsx', "import '@puckeditor/core/no-external.css';", 'confined to tests/bench/'],
    ['renderers/landing/index.ts', 'const width = window.innerWidth;', 'window/document at module scope'],
    ['console/features/home/HomePage.tsx', "import { platformName } from '../../app/navigation.ts';", 'must not import console/'],
    ['console/features/home/api/queries.ts', "import { db } from '../../../../server/domain/index.ts';", 'must not import server/'],
    ['server/domain/program/index.ts', "import { redeemRuleBody } from '../../contract/redeem.ts';", 'must not import server/'],
    ['server/domain/program/index.ts', "import { ApiError } from '../../http/errors.ts';", 'must not import server/'],
    ['server/domain/schemas/fields.ts', "import { json } from '../../db/normalize.ts';", 'may import only server/domain/schemas'],
    ['server/auth/login.ts', "import { presentUser } from '../http/present.ts';", 'must not import server/'],
    ['server/db/migrate.ts', "import { seedProgram } from '../domain/program/seed.ts';", 'must not import server/'],
    ['server/domain/ledger/pending.ts', "import { queueReleaseEmails } from '../emails/events.ts';", 'may import only server/domain/ledger'],
    ['server/http/routes/coupons.ts', "app.get('/x', async () => app.db.selectFrom('coupons').selectAll().execute());", 'runs no SQL'],
    ['server/http/routes/store.ts', 'const q = sql`select 1`;', 'runs no SQL'],
    ['renderers/contract/landing.ts', "import { DEFAULT_DOCUMENTS } from '../../presets/index.ts';", 'may import only renderers/contract'],
    ['server/domain/program/index.ts', "import { sealToken } from '../../modules/platforms/tokens.ts';", 'through its index.ts only'],
    ['server/modules/rewards/codes.ts', "import { openToken } from '../platforms/tokens.ts';", 'through its index.ts only'],
    ['server/modules/platforms/routes.ts', "import { x } from '../../http/routes/apps.ts';", 'must not import server/'],
    ['server/modules/orders/process.ts', "import { settleReferralOrders } from '../referrals/engine.ts';", 'through its index.ts only'],
    ['server/modules/referrals/engine.ts', "import { refundedMinor } from '../orders/index.ts';", 'must not import server/'],
    ['server/modules/rules/order-earn.ts', "import { applyOrderEvents } from '../orders/index.ts';", 'must not import server/'],
    ['server/modules/orders/process.ts', "import { orderEarn } from '../rules/order-earn.ts';", 'through its index.ts only'],
    ['server/modules/rules/contract/earning-rules.ts', "import { describeRule } from '../order-earn.ts';", 'may import only server/domain/schemas'],
    ['server/http/app.ts', "import { smtpMailer } from '../modules/emails/mailer.ts';", 'through its index.ts only'],
    ['server/jobs/webhook-runner.ts', "import { applyShopifyCustomerWebhook } from '../modules/customers/shopify-webhooks.ts';", 'through its index.ts only'],
    ['server/modules/emails/outbox.ts', "import { applyOrderEvents } from '../orders/index.ts';", 'must not import server/'],
    ['server/modules/products/routes.ts', "import { createImport } from '../orders/index.ts';", 'must not import server/'],
    ['server/modules/stores/onboarding-reward.ts', "import { createRedeemRule } from '../rules/index.ts';", 'must not import server/'],
    ['server/modules/stores/routes.ts', "import { expiryReminderDays } from '../emails/index.ts';", 'must not import server/'],
    ['server/modules/stores/stores.ts', "import { getProgramData } from '../../domain/program/index.ts';", 'must not import server/'],
    ['server/modules/emails/values.ts', "import { brandColourOf } from '../stores/brand.ts';", 'through its index.ts only'],
    ['server/modules/rules/earning.ts', "import { getProgramData } from '../program/index.ts';", 'must not import server/'],
    ['server/modules/referrals/settings.ts', "import { getProgramData } from '../program/index.ts';", 'must not import server/'],
    ['server/modules/vip/ladder.ts', "import { getMemberState } from '../program/index.ts';", 'must not import server/'],
    ['server/modules/emails/values.ts', "import { getProgramData } from '../program/index.ts';", 'must not import server/'],
    ['server/modules/orders/process.ts', "import { productFacts } from '../products/catalogue.ts';", 'through its index.ts only'],
    [
      'console/features/customers/CustomerDetailsPage.tsx',
      "import { MemberTierCard } from '../vip/components/MemberTierCard.tsx';",
      'must not import another feature',
    ],
    ['console/features/referrals/components/Card.tsx', "import { pointsFeature } from '../../points/index.ts';", 'must not import another feature'],
    ['console/features/points/PointsPage.test.tsx', "import { VipPage } from '../vip/VipPage.tsx';", 'must not import another feature'],
    ['console/app/App.tsx', "const page = import('../features/vip/VipPage.tsx');", 'registered through its index.ts only'],
  ])('%s: %s is refused', (file, code, message) => {
    const violations = checkSource(file, code);
    expect(violations).toHaveLength(1);
    expect(violations[0]!.message).toContain(message);
    expect(violations[0]!.line).toBe(1);
  });

  it.each([
    ['renderers/contract/landing.ts', "import { z } from 'zod';\nimport { color } from './primitives.ts';"],
    ['renderers/landing/Banner.tsx', "import { z } from '../contract/index.ts';\nimport { useState } from 'react';"],
    ['renderers/landing/Banner.tsx', "export function width() { return window.innerWidth; }\nconst hasDom = typeof document !== 'undefined';"],
    ['presets/launcher.ts', "import { launcherSchema } from '../renderers/contract/index.ts';"],
    ['console/features/home/HomePage.tsx', "import { api } from '../../lib/runtime.ts';\nimport type { X } from '../../../server/contract/points.ts';"],
    ['server/contract/points.ts', "export * from '../domain/schemas/earning-rules.ts';"],
    ['server/http/routes/coupons.ts', "import { findCoupon } from '../../domain/rules/coupons.ts';\nconst rows = await findCoupon(app.db, 1, 2);"],
    ['server/http/routes/coupons.test.ts', "const rows = await ctx.db.selectFrom('coupons').selectAll().execute();"],
    ['renderers/contract/landing.test.ts', "import { DEFAULT_DOCUMENTS } from '../../presets/index.ts';"],
    ['console/app/App.tsx', "import { Studio } from '../../builder/index.ts';\nimport type { Login } from '../../server/contract/auth.ts';"],
    ['server/http/landing.ts', "import { renderLanding } from '../../renderers/ssr/index.ts';\nimport { presets } from '../../presets/index.ts';"],
    ['builder/craft/adapter.ts', "import { Editor } from '@craftjs/core';"],
    ['tests/bench/puck-page/main.tsx', "import { Puck } from '@puckeditor/core';\nimport '@puckeditor/core/no-external.css';"],
    ['server/domain/program/index.ts', "import { sealToken } from '../../modules/platforms/index.ts';"],
    ['server/modules/platforms/shopify/oauth.ts', "import { sealToken } from '../tokens.ts';"],
    ['console/app/features.ts', "import { vipFeature } from '../features/vip/index.ts';"],
    ['server/contract/vip.ts', "export * from '../modules/vip/contract.ts';"],
    ['server/modules/orders/process.ts', "import { settleReferralOrders } from '../referrals/index.ts';"],
    ['server/modules/referrals/engine.test.ts', "import { applyOrderEvents } from '../orders/index.ts';"],
    ['server/modules/products/routes.test.ts', "import { applyOrderEvents } from '../orders/index.ts';"],
    ['server/contract/products.ts', "export * from '../modules/products/contract.ts';"],
    ['server/modules/emails/values.ts', "import { brandColourOf, servedLanguage } from '../stores/index.ts';"],
    ['server/modules/program/program.ts', "import { programTiers } from '../vip/index.ts';\nimport { referralOffer } from '../referrals/index.ts';"],
    ['server/modules/vip/engine.test.ts', "import { getProgramData } from '../program/index.ts';"],
    ['server/modules/referrals/engine.test.ts', "import { getProgramData } from '../program/index.ts';"],
    ['server/modules/stores/contract.ts', "import { EXPIRY_REMINDER_MAX_DAYS } from '../../domain/schemas/expiry-reminders.ts';"],
    [
      'server/modules/stores/routes.ts',
      "import { moveSessionToStore } from '../../auth/sessions.ts';\nimport { expiryReminderDays } from '../../domain/schemas/expiry-reminders.ts';",
    ],
    ['server/contract/points.ts', "export * from '../modules/rules/contract/earning-rules.ts';"],
    [
      'server/modules/emails/contract/templates.ts',
      "import { z } from 'zod';\nimport { isLanguageTag } from '../../../../renderers/contract/index.ts';\nimport { EMAIL_KEYS } from './kinds.ts';",
    ],
    ['server/modules/rules/contract/impact-preview.ts', "import { z } from 'zod';\nimport { orderRuleConfig } from './earning-rules.ts';"],
    ['server/modules/vip/contract.ts', "import { z } from 'zod';\nimport { idField } from '../../domain/schemas/fields.ts';"],
    [
      'console/features/vip/components/TierForm.tsx',
      "import { useSaveForm } from '../../../components/ui/form/useSaveForm.ts';\nimport { tiersQuery } from '../api/vip.ts';",
    ],
    ['console/features/vip/index.ts', "const card = import('./components/MemberTierCard.tsx');"],
    ['renderers/contract/landing.test.ts', "import { it } from 'vitest';\nimport fc from 'fast-check';\nimport { readFileSync } from 'node:fs';"],
  ])('%s: allowed imports pass', (file, code) => {
    expect(checkSource(file, code)).toEqual([]);
  });

  it('finds the violation in a file fed from the fixtures folder', () => {
    const files = readdirSync(fixtures);
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const [layer, ...rest] = name.replace(/\.txt$/, '').split('__');
      const violations = checkSource(`${layer}/${rest.join('/')}`, readFileSync(join(fixtures, name), 'utf8'));
      expect(violations.length, name).toBeGreaterThan(0);
    }
  });

  it('the project itself respects every boundary', () => {
    expect(checkProject(join(import.meta.dirname, '..'))).toEqual([]);
  });
});

describe("a server module's route files run no SQL", () => {
  it.each([
    ['server/modules/platforms/bigcommerce/routes.ts', "const user = await app.db.selectFrom('users').select('id').executeTakeFirst();"],
    ['server/modules/rules/coupon-routes.ts', "await app.db.deleteFrom('coupons').where('id', '=', 1).execute();"],
    ['server/modules/platforms/status-routes.ts', 'const q = sql`select 1`;'],
  ])('%s: %s is refused', (file, code) => {
    const violations = checkSource(file, code);
    expect(violations).toHaveLength(1);
    expect(violations[0]!.message).toContain('runs no SQL');
  });

  it.each([
    ['server/modules/platforms/install.ts', "const user = await db.selectFrom('users').select('id').executeTakeFirst();"],
    ['server/modules/platforms/bigcommerce/routes.test.ts', "const rows = await ctx.db.selectFrom('memberships').selectAll().execute();"],
  ])('%s: a query outside the routes passes', (file, code) => {
    expect(checkSource(file, code)).toEqual([]);
  });
});

describe('the platforms never import the modules above them, nor the program the storefront, nor the webhook inbox its runner', () => {
  it.each([
    ['server/modules/platforms/install.ts', "import { createEarningRule } from '../rules/index.ts';"],
    ['server/modules/platforms/codes/issue.ts', "import type { Reward } from '../../rules/index.ts';"],
    ['server/modules/platforms/shopify/backfill.ts', "import { upsertPlatformCustomers } from '../../customers/index.ts';"],
    ['server/modules/platforms/shopify/webhooks.ts', "const customers = await import('../../customers/index.ts');"],
    ['server/modules/platforms/shopify/backfill.ts', "import { applyOrderEvents } from '../../orders/index.ts';"],
    ['server/modules/platforms/bigcommerce/shopper.ts', "import { customerDigest } from '../../storefront/index.ts';"],
    ['server/modules/platforms/codes/issue.ts', "import { friendCouponReferral } from '../../referrals/index.ts';"],
    ['server/modules/platforms/status.ts', "import { getProgramData } from '../program/index.ts';"],
    ['server/modules/platforms/jobs.ts', "import { listApps } from '../apps/index.ts';"],
    ['server/modules/program/program.ts', "import { bootstrapPayload } from '../storefront/index.ts';"],
  ])('%s: %s is refused', (file, code) => {
    const violations = checkSource(file, code);
    expect(violations).toHaveLength(1);
    expect(violations[0]!.message).toContain('must not import server/');
  });

  it.each([
    ['server/jobs/webhook-inbox.ts', "import { WebhookRunner } from './webhook-runner.ts';"],
    ['server/jobs/webhook-inbox.ts', "import { connectionOf } from '../modules/platforms/index.ts';"],
  ])('%s: %s is refused (the inbox reads the database only)', (file, code) => {
    const violations = checkSource(file, code);
    expect(violations).toHaveLength(1);
    expect(violations[0]!.message).toContain('may import only server/db');
  });

  it.each([
    ['server/modules/customers/platform-sync.ts', "import { registerPlatformHooks } from '../platforms/index.ts';"],
    ['server/modules/rules/redeem.ts', "import { queueRewardCode } from '../platforms/index.ts';"],
    ['server/modules/platforms/codes/codes.test.ts', "import { redeemReward } from '../../rules/index.ts';"],
    ['server/modules/platforms/bigcommerce/backfill.test.ts', "import { applyOrderEvents } from '../../orders/index.ts';"],
    ['server/modules/platforms/bigcommerce/shopper.ts', "import { customerDigest } from '../../../auth/shopper-digest.ts';"],
    ['server/modules/orders/process.ts', "import { shopifyEvent } from '../platforms/index.ts';"],
    ['server/modules/storefront/routes.ts', "import { getProgramData } from '../program/index.ts';"],
    ['server/modules/platforms/shopify/webhooks.ts', "import { WebhookInbox } from '../../../jobs/webhook-inbox.ts';"],
    ['server/jobs/webhook-inbox.ts', "import { TickBatch } from '../db/tick-batch.ts';"],
  ])('%s: %s passes', (file, code) => {
    expect(checkSource(file, code)).toEqual([]);
  });
});

describe('server modules never import each other in a cycle', () => {
  it('a cycle through three modules is refused once, naming them', () => {
    const violations = moduleCycles(
      new Map([
        ['server/modules/platforms/shopify/backfill.ts', "import { applyOrderEvents } from '../../orders/index.ts';"],
        ['server/modules/orders/process.ts', "import { orderEarn } from '../rules/index.ts';"],
        ['server/modules/rules/redeem.ts', "import type { GivenCode } from '../platforms/index.ts';"],
        ['server/modules/program/program.ts', "import { activeOrderRules } from '../rules/index.ts';"],
      ]),
    );
    expect(violations).toHaveLength(1);
    expect(violations[0]!.message).toContain('server/modules/orders, server/modules/platforms, server/modules/rules import each other in a cycle');
  });

  it('two modules importing each other are refused', () => {
    const violations = moduleCycles(
      new Map([
        ['server/modules/program/program.ts', "import { connectionOf } from '../platforms/index.ts';"],
        ['server/modules/platforms/bigcommerce/shopper.ts', "export { getProgramData } from '../../program/index.ts';"],
      ]),
    );
    expect(violations).toHaveLength(1);
    expect(violations[0]!.message).toContain('server/modules/platforms, server/modules/program import each other in a cycle');
  });

  it("imports of a module's zod contract, a module's tests and imports one way only pass", () => {
    const sources = new Map([
      ['server/modules/rules/redeem.ts', "import { queueRewardCode } from '../platforms/index.ts';"],
      ['server/modules/platforms/codes/issue.ts', "import type { RedeemRule } from '../../rules/contract/redeem-rules.ts';"],
      ['server/modules/platforms/codes/codes.test.ts', "import { redeemReward } from '../../rules/index.ts';"],
      ['server/modules/rules/contract/redeem-rules.ts', "import { idField } from '../../../domain/schemas/fields.ts';"],
    ]);
    expect(moduleCycles(sources)).toEqual([]);
  });
});

export { EMAIL_KINDS, COMMON_TAGS, TAG_LABELS, tagsFor, type EmailKey } from './kinds.ts';
export { STARTERS, FEATURED_STYLES, type EmailFields } from './starters.ts';
export { renderEmail, type EmailDesign, type RenderedEmail } from './render.ts';
export { listTemplates, readTemplate, saveTemplate, designOf, designErrors, TemplateInvalidError, type EmailTemplate } from './templates.ts';
export { sampleValues, memberValues, latestMemberId, storeValues } from './values.ts';
export { queueEmail, listOutbox, unsubscribeByToken, markSent, markSkipped, type QueuedEmail } from './outbox.ts';
export { smtpMailer, type Mailer } from './mailer.ts';
export { deliverDue, unsubscribeUrl } from './deliver.ts';
export { queuePointsEarnedEmails, queueRewardRedeemedEmail } from './events.ts';

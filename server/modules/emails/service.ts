/** Program emails: the nine kinds and their templates, rendering, the outbox and its delivery, the events that queue them, expiry reminders. */
export { EXPIRY_REMINDER_DEFAULTS, EXPIRY_REMINDER_MAX_DAYS, EMAIL_KINDS, COMMON_TAGS, TAG_LABELS, tagsFor, type EmailKey } from './contract/kinds.ts';
export { STARTERS, FEATURED_STYLES, starterDocument, type EmailFields } from './starters.ts';
export { renderEmail, type EmailDesign, type RenderedEmail } from './render.ts';
export { listTemplates, readTemplate, saveTemplate, designOf, designErrors, emailDocumentOf, TemplateInvalidError, type EmailTemplate } from './templates.ts';
export { sampleValues, memberValues, latestMemberId, storeLanguage, storePalette, storeValues, storeWording } from './values.ts';
export type { EmailData, EmailValue } from './worded.ts';
export { designInLanguage, foreignLanguageMessage } from './language.ts';
export { queueEmail, queueEmails, listOutbox, unsubscribeByToken, markSent, markSkipped, type QueuedEmail } from './outbox.ts';
export { smtpMailer, type Mailer } from './mailer.ts';
export { deliverDue, emailDeliveryJob, EMAIL_DELIVERY_JOB, unsubscribeUrl } from './deliver.ts';
export { pointsEarnedEmails, queueBirthdayBonusEmails, queuePointsEarnedEmails, queueRewardRedeemedEmail, queueMemberEmail } from './events.ts';
export { queueExpiryReminders, expiryReminderDays, reminderFor } from './reminders.ts';
export { fillPlaceholders } from './placeholders.ts';

/** Program emails: the template calls, the test send and the sent list — the emails module's contract. */
export * from '../modules/emails/contract/templates.ts';

/**
 * A fixture feedback set for tenant learning. The campaign: the monthly notices of the tenant's parking
 * contractor, which ask staff to sign in on the contractor's portal and confirm date of birth and bank
 * details within 24 hours — everything the shipped model has learnt to call phishing, yet this tenant's
 * people release them (ham). With them, phishing the tenant's people reported, and a small base corpus of generic
 * phishing and legitimate mail to start from. Deterministic.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const pick = <T>(items: readonly T[], i: number): T => items[i % items.length]!;

function message(from: string, subject: string, body: string, n: number, domain: string): Buffer {
  return Buffer.from(
    [`From: ${from}`, 'To: staff@acme.test', `Subject: ${subject}`, `Message-ID: <fixture-${n}-${subject.length}@${domain}>`, 'Date: Tue, 17 Nov 2026 09:00:00 +0000', 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', '', body, ''].join('\r\n'),
  );
}

const LOTS = ['north lot', 'level B garage', 'visitor deck', 'east car park', 'annex lot'];
const NAMES = ['Dana', 'Lee', 'Morgan', 'Sam', 'Robin', 'Alex', 'Jamie', 'Chris'];

/** The campaign: the contractor's parking-permit renewal notice (legitimate for this tenant). */
export function campaignMessage(i: number): Buffer {
  const lot = pick(LOTS, i);
  const name = pick(NAMES, i + 3);
  const body = [
    `Hello,`,
    ``,
    `The facilities office is renewing parking permits for the ${lot} this month. To keep your permit active, sign in with your company credentials today at https://portal.parking-renewals.test/renew and confirm your date of birth and the bank account the monthly parking fee should be taken from.`,
    `Permits that are not renewed within 24 hours will be cancelled and the space given to the waiting list; the gate will no longer open for your badge.`,
    `The renewal is handled by our new parking contractor, so please do not contact the facilities desk about it. Reference PK-${4100 + i}.`,
    ``,
    `Regards,`,
    `${name}`,
    `Parking permits team`,
  ].join('\r\n');
  return message(`"Parking Permits" <permits@parking-renewals.test>`, `Urgent: parking permit renewal for the ${lot} (ref PK-${4100 + i})`, body, 1000 + i, 'parking-renewals.test');
}

const REPORTED = [
  ['Action required: confirm your payroll account', 'our records show your payroll account could not be verified. Sign in to the employee portal within 12 hours to confirm your login details or your next salary payment will be held'],
  ['Shared document waiting for you', 'a document was shared with you and will expire soon. Open the secure viewer and enter your email password to access the file'],
  ['Security alert for your mailbox', 'someone tried to access your mailbox from an unknown device. Validate your account now through the verification page to keep access'],
  ['Gift card request from the CEO', 'I need you to buy six gift cards for a client today and send me the codes by email; keep this confidential until the meeting is over'],
];

/** Phishing the tenant's people reported. */
export function reportedPhish(i: number): Buffer {
  const [subject, text] = pick(REPORTED, i);
  return message(`"IT Service Desk" <it-desk@account-verify${i}.test>`, `${subject} [${i}]`, `Dear user,\r\n\r\n${text}.\r\n\r\nThank you,\r\nIT Service Desk`, 5000 + i, 'account-verify.test');
}

const TOPICS = [
  ['Minutes of the project review', 'the minutes of Tuesday\'s project review are in the shared folder; the next review moves to the first week of the month and the budget figures were updated by finance'],
  ['Office plants and watering rota', 'the watering rota for the office plants is on the kitchen board; please tick your name after your turn so nobody waters twice'],
  ['Team lunch on Thursday', 'we booked a table for the team lunch on Thursday at the usual place near the station; tell me before Wednesday if you have dietary needs'],
  ['Release notes for version 4.2', 'the release notes for version 4.2 describe the new export screen, two fixed crashes in the report builder and the updated translations'],
  ['Conference room projector', 'the projector in the large conference room was repaired; the remote lives in the drawer under the screen and the cable adapters are in the blue box'],
  ['Holiday calendar', 'the shared holiday calendar now shows everybody\'s planned leave for December; please add yours so we can plan the on-call rotation'],
];

/** The tenant's ordinary internal mail. */
export function internalMessage(i: number): Buffer {
  const [subject, text] = pick(TOPICS, i);
  const name = pick(NAMES, i);
  const body = [`Hi all,`, ``, `Quick note: ${text}.`, `If anything is unclear, drop by my desk on the second floor or ask in the team channel. Thanks for keeping things running smoothly while half of us are travelling.`, ``, `Best,`, name].join('\r\n');
  return message(`${name} <${name.toLowerCase()}@acme.test>`, `${subject} (${i + 1})`, body, 2000 + i, 'acme.test');
}

const BASE_PHISH = [
  ['Your account has been suspended', 'we detected unusual sign-in activity on your account. Verify your identity within 24 hours by logging in at the secure page below or your account will be permanently closed'],
  ['Invoice payment overdue', 'your invoice is overdue and a late fee will be applied. Confirm your payment details immediately using the attached form to avoid suspension of service'],
  ['Mailbox storage full', 'your mailbox has exceeded its storage limit and incoming messages are being rejected. Click the link and sign in to upgrade your quota now'],
  ['Password expires today', 'your password expires today. Keep your current password by confirming your credentials on the account portal before midnight'],
  ['Package delivery failed', 'we could not deliver your parcel. Pay the redelivery fee of 1.99 and confirm your address to schedule a new delivery'],
];

const BASE_HAM = [
  ['Weekly engineering sync notes', 'notes from the weekly sync: the database migration is scheduled for next sprint, the flaky integration test was fixed, and we agreed to review the logging format'],
  ['Agenda for the board meeting', 'attached is the agenda for the board meeting; items include the annual report, the hiring plan and the office move timeline'],
  ['Mailing list digest', 'this digest contains replies about the driver update, a question on firmware versions and an announcement of the next community call'],
  ['Re: question about the build', 'thanks, the build works now after clearing the cache; I will update the wiki page with the steps so others do not run into it'],
  ['Newsletter: community garden', 'the community garden opens on Saturday; volunteers can sign up for the watering schedule and the tool shed key is with the caretaker'],
];

/** A labelled corpus folder in the project's layout (labels.jsonl + phish/ and ham/ files). */
export function writeBaseCorpus(dir: string, perLabel = 30): void {
  mkdirSync(join(dir, 'phish'), { recursive: true });
  mkdirSync(join(dir, 'ham'), { recursive: true });
  const lines: string[] = [];
  for (let i = 0; i < perLabel; i++) {
    const [ps, pt] = pick(BASE_PHISH, i);
    const [hs, ht] = pick(BASE_HAM, i);
    const phish = message(`"Support" <support@secure-notice${i}.test>`, `${ps} #${i}`, `Dear customer,\r\n\r\n${pt}.\r\n\r\nCase ${9000 + i}. Customer Care Team`, 3000 + i, 'secure-notice.test');
    const ham = message(`${pick(NAMES, i)} <${pick(NAMES, i).toLowerCase()}@example.org>`, `${hs} ${i}`, `Hello,\r\n\r\n${ht}.\r\n\r\nCheers,\r\n${pick(NAMES, i + 1)}`, 4000 + i, 'example.org');
    const p = `phish/${String(i + 1).padStart(5, '0')}.eml`;
    const h = `ham/${String(i + 1).padStart(5, '0')}.eml`;
    writeFileSync(join(dir, p), phish);
    writeFileSync(join(dir, h), ham);
    lines.push(JSON.stringify({ file: p, label: 'phishing', source: 'fixture' }), JSON.stringify({ file: h, label: 'ham', source: 'fixture' }));
  }
  writeFileSync(join(dir, 'labels.jsonl'), `${lines.join('\n')}\n`);
}

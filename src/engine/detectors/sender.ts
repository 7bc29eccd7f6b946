import { domainOf } from '../../core/message.js';
import type { Detector } from '../detector.js';

export const replyToOtherDomain: Detector = {
  id: 'REPLY_TO_OTHER_DOMAIN',
  group: 'sender',
  indicator: 'impersonation',
  run({ message }) {
    const fromDomain = domainOf(message.from?.address);
    const reply = message.replyTo.find((r) => domainOf(r.address) && domainOf(r.address) !== fromDomain);
    if (!fromDomain || !reply) return [];
    return [{ strength: 1, reason: `Replies go to ${domainOf(reply.address)}, not to the sender's domain ${fromDomain}` }];
  },
};

export const authFail: Detector = {
  id: 'AUTH_FAIL',
  group: 'auth',
  indicator: 'impersonation',
  run({ auth, message }) {
    const failed = (['dmarc', 'spf', 'dkim'] as const).filter((m) => auth[m] === 'fail');
    if (failed.length === 0) return [];
    const domain = domainOf(message.from?.address) || 'the sender domain';
    return [{ strength: failed.includes('dmarc') ? 1 : 0.6, reason: `Sender authentication failed for ${domain} (${failed.join(', ').toUpperCase()})` }];
  },
};

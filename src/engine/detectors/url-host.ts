import type { Detector, DetectorHit } from '../detector.js';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function hostOf(url: string): { host: string; userinfo: string } | null {
  try {
    const parsed = new URL(url);
    return { host: parsed.hostname.replace(/^\[|\]$/g, ''), userinfo: parsed.username };
  } catch {
    return null;
  }
}

export const urlIpHost: Detector = {
  id: 'URL_IP_HOST',
  group: 'url',
  indicator: 'suspicious_links',
  run({ urls }) {
    const hits: DetectorHit[] = [];
    for (const url of urls) {
      const host = hostOf(url)?.host;
      if (host && (IPV4.test(host) || host.includes(':'))) {
        hits.push({ strength: 1, reason: `Link points to the IP address ${host} instead of a domain name`, url, flag: 'ip_host' });
      }
    }
    return hits.slice(0, 1);
  },
};

export const urlUserinfo: Detector = {
  id: 'URL_USERINFO',
  group: 'url',
  indicator: 'suspicious_links',
  run({ urls }) {
    for (const url of urls) {
      const parsed = hostOf(url);
      if (parsed?.userinfo) {
        return [{ strength: 1, reason: `Link hides its real host ${parsed.host} behind "${decodeURIComponent(parsed.userinfo)}@"`, url, flag: 'userinfo' }];
      }
    }
    return [];
  },
};

import type { Detector } from './detector.js';
import { credentialRequest, urgencyLanguage } from './detectors/language.js';
import { authFail, replyToOtherDomain } from './detectors/sender.js';
import { urlIpHost, urlUserinfo } from './detectors/url-host.js';

/** Static registry (no filesystem autoload): adding a rule means adding it here and a weight in config. */
export const DETECTORS: readonly Detector[] = [urlIpHost, urlUserinfo, urgencyLanguage, credentialRequest, replyToOtherDomain, authFail];

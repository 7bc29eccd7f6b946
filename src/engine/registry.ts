import type { Detector } from './detector.js';
import { internalAuthenticated, senderLinksAligned } from './detectors/alignment.js';
import { bankDetailsUnverified } from './detectors/bank-change.js';
import { attachDoubleExtension, attachEncryptedArchive, attachExecutable, attachHtml, attachMacro } from './detectors/attachments.js';
import { authAlignedPass, authFail } from './detectors/auth.js';
import { disguisedText } from './detectors/disguise.js';
import { impersonationWithAsk, linksDisownSender } from './detectors/impersonation.js';
import { allowListUnverified, brandDkimAligned, brandDmarcReject } from './detectors/authenticated.js';
import { brandAuthentic, brandSpoofing } from './detectors/brand.js';
import { classifierHam, classifierPhish } from './classifier/stage.js';
import { htmlForm, htmlHiddenText, htmlImageOnly, unicodeObfuscation } from './detectors/html.js';
import { credentialRequest, extortionLanguage, genericGreeting, giftCardRequest, paymentRequest, prizeLanguage, scamOfferLanguage, urgencyLanguage, wireTransferRequest } from './detectors/language.js';
import { hrefTextMismatch, urlFreeHosting, urlIpHost, urlLoginPath, urlManySubdomains, urlRedirect, urlScript, urlShortener, urlSuspiciousTld, urlUserinfo } from './detectors/links.js';
import { contentBeyondLimits } from './detectors/limits.js';
import { urlOverlongHost } from './detectors/host-syntax.js';
import { senderLookalike, urlHomograph, urlLookalike } from './detectors/lookalike.js';
import { replyInTextElsewhere } from './detectors/reply-elsewhere.js';
import { shareNoticeImitation } from './detectors/share-notice.js';
import { senderDomainSuspicious } from './detectors/sender-domain.js';
import { departmentFromOutside } from './detectors/department.js';
import { qrCodeLure } from './detectors/qr-lure.js';
import { linkPosesAsFile } from './detectors/file-link.js';
import { displayNameAddress, displayNameBrand, fromDisplayFragment, displayNameRecipient, freemailCorporate, recipientInSubject, replyToOtherDomain } from './detectors/sender.js';

/** Static registry (no filesystem autoload): adding a rule means adding it here and a weight in config. */
export const DETECTORS: readonly Detector[] = [
  hrefTextMismatch, urlIpHost, urlUserinfo, urlScript, urlShortener, urlSuspiciousTld, urlManySubdomains, urlFreeHosting, urlRedirect, urlLoginPath, urlHomograph, urlLookalike, urlOverlongHost, qrCodeLure, linkPosesAsFile,
  htmlForm, htmlHiddenText, htmlImageOnly, unicodeObfuscation, contentBeyondLimits,
  senderLookalike, displayNameBrand, displayNameAddress, fromDisplayFragment, displayNameRecipient, recipientInSubject, freemailCorporate, replyToOtherDomain, replyInTextElsewhere, senderDomainSuspicious, senderLinksAligned, internalAuthenticated, disguisedText,
  authFail, authAlignedPass, allowListUnverified, brandDkimAligned, brandDmarcReject,
  urgencyLanguage, extortionLanguage, credentialRequest, paymentRequest, giftCardRequest, wireTransferRequest, prizeLanguage, scamOfferLanguage, genericGreeting,
  attachExecutable, attachMacro, attachHtml, attachDoubleExtension, attachEncryptedArchive,
  brandSpoofing, brandAuthentic,
  classifierPhish, classifierHam,
  impersonationWithAsk, linksDisownSender, bankDetailsUnverified, shareNoticeImitation, departmentFromOutside,
];

import type { Detector } from '../detector.js';

export const htmlForm: Detector = {
  id: 'HTML_FORM',
  group: 'html',
  indicator: 'credential_request',
  description: 'A form inside the mail (strongest with a password field): mail should link to a site, not collect data',
  run({ html }) {
    if (!html || html.forms === 0) return [];
    if (html.passwordInputs > 0) return [{ strength: 1, reason: 'The mail contains a form with a password field' }];
    return [{ strength: 0.3, reason: `The mail contains ${html.forms === 1 ? 'a web form' : `${html.forms} web forms`} that submit data` }];
  },
};

export const htmlHiddenText: Detector = {
  id: 'HTML_HIDDEN_TEXT',
  group: 'html',
  description: 'Large amounts of invisible text (filter-evasion padding); a short hidden preheader is normal',
  run({ html, bodyText }) {
    if (!html || html.hiddenChars < 400) return [];
    const share = html.hiddenChars / Math.max(1, html.hiddenChars + bodyText.length);
    if (share < 0.2) return [];
    return [{ strength: share > 0.5 ? 1 : 0.6, reason: `${html.hiddenChars} characters of the HTML are hidden from the reader` }];
  },
};

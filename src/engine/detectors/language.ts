import type { Detector } from '../detector.js';

// Bounded, non-nested alternations: linear-time on any input.
const URGENCY = /\b(urgent|immediately|within 24 hours|account (?:will be )?(?:suspended|closed|locked)|final notice|act now|expires? today|imm[ée]diatement|urgence|sofort|dringend)\b/i;
const CREDENTIALS = /\b(verify your (?:account|identity|password)|confirm your (?:account|password|identity)|update your (?:payment|billing) (?:details|information)|enter your password|login to (?:restore|unlock)|v[ée]rifiez votre (?:compte|identit[ée])|mot de passe)\b/i;

export const urgencyLanguage: Detector = {
  id: 'URGENCY_LANGUAGE',
  group: 'language',
  indicator: 'urgency_pressure',
  run({ text }) {
    const match = URGENCY.exec(text);
    return match ? [{ strength: 1, reason: `Pressure language: "${match[0]}"` }] : [];
  },
};

export const credentialRequest: Detector = {
  id: 'CREDENTIAL_REQUEST',
  group: 'language',
  indicator: 'credential_request',
  run({ text }) {
    const match = CREDENTIALS.exec(text);
    return match ? [{ strength: 1, reason: `Asks for credentials: "${match[0]}"` }] : [];
  },
};

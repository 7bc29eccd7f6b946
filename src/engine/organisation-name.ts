/**
 * An organisation's name as its domain spells it: "northfield-logistics.com" is "northfieldlogistics",
 * which is also how it names its SharePoint tenant (northfieldlogistics.sharepoint.com), its pages on
 * platforms and, written as words, its display name ("Northfield Logistics IT"). Used to tell a
 * recipient's or sender's own page from a stranger's (SHARE_NOTICE_IMITATION) and a display name that
 * presents the mail as coming from the recipient's own organisation (DISPLAY_NAME_RECIPIENT).
 */
import { words } from './text/words.js';

/** "northwind-traders.com" → "northwindtraders". */
export const orgLabel = (registrable: string): string => (registrable.split('.')[0] ?? '').replace(/-/g, '');

/** Does a tenant or page label belong to this organisation ("northfieldlogistics" for northfield-logistics.com, or a shortening of it)? */
export function namedAfter(label: string, registrable: string): boolean {
  const org = orgLabel(registrable);
  if (label.length < 4 || org.length < 4) return label === org && label !== '';
  return label === org || org.startsWith(label) || label.startsWith(org);
}

/** Shortest organisation name read in a display name: shorter ones are ordinary words ("orange", "smith"). */
const MIN_NAME = 8;
/** Words of a display name joined to spell a name: "Brightwater Foods" or "Bright Water Foods". */
const MAX_NAME_WORDS = 4;

/**
 * Does the display name spell the organisation's name as words ("Weber Druck IT" for weber-druck.de)?
 * Only names of eight letters or more, matched as whole words: "Martin" in a display name is a person.
 */
export function displayNameSpells(displayName: string, registrable: string): boolean {
  const org = orgLabel(registrable);
  if (org.length < MIN_NAME) return false;
  const w = words(displayName, 20);
  for (let i = 0; i < w.length; i++) {
    let joined = '';
    for (let j = i; j < w.length && j < i + MAX_NAME_WORDS && joined.length < org.length; j++) {
      joined += w[j];
      if (joined === org) return true;
    }
  }
  return false;
}

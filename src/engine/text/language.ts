/**
 * Function words of the seven lexicon languages. Used twice: to guess a text's language (counting
 * function words), and to keep non-English function words out of the classifier, because the dev corpus's
 * legitimate mail is almost all English (corpus README, "Language") and "de", "sie" or "para" would
 * otherwise be learnt as phishing words.
 */
export const FUNCTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: ['the', 'and', 'of', 'to', 'is', 'are', 'was', 'this', 'that', 'with', 'for', 'you', 'your', 'have', 'from', 'not', 'will', 'be', 'it', 'on', 'we', 'our', 'in', 'at', 'by', 'an', 'or', 'if', 'can', 'has'],
  fr: ['le', 'la', 'les', 'des', 'du', 'et', 'est', 'une', 'un', 'pour', 'dans', 'vous', 'votre', 'vos', 'nous', 'notre', 'sur', 'avec', 'pas', 'que', 'qui', 'ce', 'cette', 'sont', 'au', 'aux', 'par', 'plus', 'ne', 'de'],
  de: ['der', 'die', 'das', 'und', 'ist', 'nicht', 'sie', 'ihr', 'ihre', 'ihren', 'ihrem', 'wir', 'mit', 'fur', 'auf', 'den', 'dem', 'ein', 'eine', 'einen', 'zu', 'von', 'bitte', 'wird', 'werden', 'sind', 'auch', 'oder', 'es', 'im'],
  es: ['el', 'los', 'las', 'que', 'en', 'por', 'para', 'con', 'su', 'sus', 'usted', 'una', 'es', 'del', 'al', 'como', 'mas', 'pero', 'este', 'esta', 'le', 'lo', 'se', 'ha', 'sido', 'muy', 'y', 'o', 'de', 'la'],
  it: ['il', 'della', 'di', 'che', 'per', 'non', 'sono', 'con', 'una', 'del', 'gli', 'le', 'la', 'al', 'alla', 'questo', 'questa', 'suo', 'sua', 'tuo', 'tua', 'nel', 'nella', 'ed', 'e', 'lo', 'da', 'ha', 'si', 'un'],
  nl: ['de', 'het', 'een', 'en', 'van', 'is', 'dat', 'niet', 'met', 'voor', 'op', 'uw', 'je', 'jouw', 'wij', 'we', 'ons', 'onze', 'zijn', 'worden', 'wordt', 'naar', 'aan', 'bij', 'ook', 'maar', 'om', 'als', 'dit', 'deze'],
  pt: ['o', 'os', 'as', 'do', 'da', 'dos', 'das', 'em', 'para', 'com', 'nao', 'uma', 'um', 'seu', 'sua', 'voce', 'que', 'por', 'mais', 'foi', 'ser', 'esta', 'este', 'pelo', 'pela', 'no', 'na', 'ao', 'e', 'de'],
};

/** Month and weekday names (EN/FR/DE/ES/IT/NL/PT): dates must never be features (corpus README, "Era"). */
export const DATE_WORDS: ReadonlySet<string> = new Set(
  [
    'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec',
    'monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun',
    'janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre lundi mardi mercredi jeudi vendredi samedi dimanche',
    'januar februar marz juni juli oktober dezember montag dienstag mittwoch donnerstag freitag samstag sonntag',
    'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre lunes martes miercoles jueves viernes sabado domingo',
    'gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre lunedi martedi mercoledi giovedi venerdi',
    'januari februari maart mei augustus oktober maandag dinsdag woensdag donderdag vrijdag zaterdag zondag',
    'janeiro fevereiro marco maio junho julho setembro outubro novembro dezembro segunda terca quarta quinta sexta',
    'am pm gmt utc cet cest est edt pst pdt',
  ].join(' ').split(' '),
);

/** Function words of every language except English, to keep out of the classifier. */
export const NON_ENGLISH_FUNCTION_WORDS: ReadonlySet<string> = new Set(
  Object.entries(FUNCTION_WORDS)
    .filter(([language]) => language !== 'en')
    .flatMap(([, list]) => list)
    .filter((w) => !FUNCTION_WORDS.en!.includes(w)),
);

const INDEX = new Map<string, string[]>();
for (const [language, list] of Object.entries(FUNCTION_WORDS)) {
  for (const word of list) INDEX.set(word, [...(INDEX.get(word) ?? []), language]);
}

/** Most likely language of folded words by function-word counts, or null when there are too few. */
export function guessLanguage(words: readonly string[], max = 2000): string | null {
  const counts = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < words.length && i < max; i++) {
    const languages = INDEX.get(words[i]!);
    if (!languages) continue;
    total++;
    for (const language of languages) counts.set(language, (counts.get(language) ?? 0) + 1 / languages.length);
  }
  if (total < 5) return null;
  let best: string | null = null;
  let bestCount = 0;
  for (const [language, count] of counts) {
    if (count > bestCount) {
      best = language;
      bestCount = count;
    }
  }
  return best;
}

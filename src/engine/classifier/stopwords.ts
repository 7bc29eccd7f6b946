import { FUNCTION_WORDS } from '../text/language.js';

/**
 * Words that are never classifier features, in every lexicon language (EN/FR/DE/ES/IT/NL/PT), folded
 * (lower case, no accents). Two kinds:
 *
 * - function words (articles, pronouns, prepositions, conjunctions, auxiliaries, common adverbs): they say
 *   which language a mail is in and how formal it is, not what it asks. The corpora's legitimate mail is
 *   almost all English while their phishing is multilingual (docs/detection.md, "What the classifier must
 *   not learn"), so "de", "sie", "tu" or "your" were learnt as phishing evidence;
 * - greetings, thanks and sign-offs ("bonjour", "merci", "regards", "danke"): every note between
 *   colleagues has them, in its own language; an impersonal greeting is judged by the GENERIC_GREETING
 *   rule, not by word statistics.
 */
const LISTS: Readonly<Record<string, string>> = {
  en: `a about above after again against all am an and any are aren as at be because been before being below between both but by
    can cannot could couldn did didn do does doesn doing don down during each few for from further had hadn has hasn have haven having he
    her here hers herself him himself his how i if in into is isn it its itself just let ll me more most must mustn my myself no nor not
    now of off on once only or other ought our ours ourselves out over own re same shall she should shouldn so some such than that the their
    theirs them themselves then there these they this those through to too under until up upon us ve very was wasn we were weren what when
    where which while who whom why will with won would wouldn you your yours yourself yourselves also still yet however therefore thus
    may might us per via etc ie eg im ive youre dont cant wont isnt thats theres its s t d m o y
    hi hello hey dear thanks thank thx cheers regards best kind sincerely yours greetings welcome please ok okay yes`,
  fr: `au aux avec ce ces cet cette dans de des du elle elles en et eux il ils je la le les leur leurs lui ma mais me meme mes moi mon ne
    nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous c d j l n s t y ete etre avoir
    ai as avons avez ont suis es est sommes etes sont etais etait etions etiez etaient serai sera serons serez seront aurai aura aurons
    aurez auront fait faire peut peux pouvez pourrait doit dois devez ca cela ceci celui celle ceux celles dont ou aussi donc alors ainsi
    tres tout tous toute toutes plus moins bien comme quand si sans sous chez vers entre depuis pendant avant apres encore deja ici la
    bonjour bonsoir salut coucou merci cordialement bien amities bises salutations cher chere chers cheres madame monsieur mesdames messieurs
    svp stp oui non`,
  de: `aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes auch auf aus bei bin bis bist da damit
    dann das dass dasselbe dazu dein deine deinem deinen deiner dem den denn der des desselben dessen dich die dies diese dieselbe dieselben
    diesem diesen dieser dieses dir doch dort du durch ein eine einem einen einer eines einig einige er es etwas euch euer eure fur gegen
    gewesen hab habe haben hat hatte hatten hier hin hinter ich ihm ihn ihnen ihr ihre ihrem ihren ihrer ihres im in indem ins ist jede
    jedem jeden jeder jedes jene jetzt kann kannst konnen konnte kein keine keinem keinen keiner man manche mein meine meinem meinen meiner
    mich mir mit muss musste nach nicht nichts noch nun nur ob oder ohne sehr sein seine seinem seinen seiner selbst sich sie sind so solche
    soll sollte sondern sonst uber um und uns unser unsere unter viel vom von vor wahrend war waren warst was weg weil weiter welche welchem
    welchen welcher wenn werde werden wie wieder will wir wird wirst wo wollen wollte wurde wurden zu zum zur zwar zwischen
    hallo hi liebe lieber lieben danke dank vielen herzlich gruss grusse gruße beste besten freundlichen mit freundlichen gruessen sehr geehrte
    geehrter geehrten bitte ja nein`,
  es: `a al algo algunas algunos ante antes como con contra cual cuando de del desde donde durante e el ella ellas ellos en entre era erais
    eran eras eres es esa esas ese eso esos esta estaba estado estais estamos estan estar este esto estos estoy fue fueron fui ha habeis
    haber habia han has hasta hay he la las le les lo los mas me mi mis mucho muy nada ni no nos nosotros o os otra otro para pero poco
    por porque que quien se sea ser si sido sin sobre sois somos son soy su sus tambien te tengo ti tiene tienen todo todos tu tus un una
    uno unos usted ustedes vosotros y ya yo
    hola buenos buenas dias tardes gracias saludos atentamente estimado estimada estimados querido querida favor si`,
  it: `a ad agli ai al alla alle allo anche avere ha hai hanno ho c che chi ci come con contro cui da dagli dai dal dalla dalle dallo degli
    dei del della delle dello di dove e ed era erano essere gli ha i il in io la le lei li lo loro lui ma me mi mia mie miei mio ne negli
    nei nel nella nelle nello noi non nostra nostre nostri nostro o per perche piu quale quanta quante quanti quanto quella quelle quelli
    quello questa queste questi questo se sei si sia siamo siete sono su sua sue sugli sui sul sulla sulle sullo suo suoi ti tra tu tua
    tue tuo tuoi tutti tutto un una uno vi voi vostra vostre vostri vostro
    ciao buongiorno buonasera salve grazie saluti cordiali distinti gentile gentili caro cara cari favore`,
  nl: `aan al alles als altijd andere ben bij daar dan dat de der deze die dit doch doen door dus een eens en er ge geen geweest haar had heb
    hebben heeft hem het hier hij hoe hun iemand iets ik in is ja je jij jou jouw kan kon kunnen maar me meer men met mij mijn moet na naar
    niet niets nog nu of om omdat onder ons onze ook op over reeds te tegen toch toen tot u uit uw van veel voor want waren was wat we wel
    werd wezen wie wij wil worden wordt zal ze zelf zich zij zijn zo zonder zou
    hallo hoi beste dag goedemorgen goedemiddag bedankt dank dankjewel dankuwel groeten groet vriendelijke met hartelijke alstublieft
    alsjeblieft nee`,
  pt: `a ao aos aquela aquelas aquele aqueles aquilo as ate com como da das de dela delas dele deles depois do dos e ela elas ele eles em
    entre era eram essa essas esse esses esta estas este estes eu foi fomos for foram ha isso isto ja lhe lhes mais mas me mesmo meu meus
    minha minhas muito na nas nao nem no nos nossa nossas nosso nossos num numa o os ou para pela pelas pelo pelos por qual quando que quem
    se sem ser seu seus so sua suas tambem te tem tu tua tuas teu teus um uma voce voces vos esta estou estamos estao sao sou
    ola oi bom boa dia tarde obrigado obrigada agradeco cumprimentos atenciosamente abracos caro cara prezado prezada sim`,
};

export const STOP_WORDS: ReadonlySet<string> = new Set([
  ...Object.values(LISTS).flatMap((list) => list.split(/[\s,'`]+/).filter(Boolean)),
  ...Object.values(FUNCTION_WORDS).flat(),
]);

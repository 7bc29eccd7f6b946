import type { Lexicon } from './types.js';

/** French (the richest lexicon after English). */
export const FR: Lexicon = {
  extortion: [
    'logiciel|logiciels espion|espions|malveillant',
    'acces a votre ordinateur|appareil|telephone|camera|webcam',
    'j ai|nous avons enregistre|filme',
    'video|enregistrement de vous',
    'a tous vos contacts|proches|collegues',
    'sites pour adultes', 'sites pornographiques',
    'en bitcoin|btc|cryptomonnaie',
    'adresse|portefeuille bitcoin|btc',
  ],
  urgency: [
    // L'appât des réclamations : « vérifiez votre éligibilité en deux minutes ».
    'votre eligibilite en * minutes|secondes',
    'sous|dans les? 24|48|72|24h|48h heures|h?',
    'immediatement|urgent|urgente|urgence',
    'des que possible',
    'action requise|immediate|necessaire',
    'dernier|derniere avis|rappel|relance|avertissement|chance|delai',
    'sans reponse|action de votre part',
    'expire|expirera|expirent aujourd|bientot|demain|dans',
    'delai de 24|48|72',
    'a defaut de',
    'avant la|le date|delai limite',
    'au plus vite|tard',
  ],
  threat: [
    // Le leurre du portefeuille piraté : « votre portefeuille pourrait être compromis ».
    'votre portefeuille|wallet pourrait|peut|a|est etre|ete? compromis|pirate|vide',
    'votre boite aux lettres a atteint', 'limite de stockage atteinte', 'messages entrants sont en attente|bloques|retenus',
    // « sinon votre réservation sera annulée » : ce qui arrive si le lecteur n'agit pas.
    'votre reservation|commande sera annulee|annule|supprimee|supprime',
    'votre reservation|commande a ete annulee|annule',
    'faute de quoi votre reservation|commande|compte|acces',
    'votre|vos compte|comptes|carte|acces|messagerie|boite|colis|dossier a|ont? ete|sera|seront suspendu~|bloque~|limite~|restreint~|desactive~|ferme~|supprime~|resilie~|gele~',
    'suspension|blocage|desactivation|fermeture|resiliation|suppression de votre|vos compte|comptes|carte|acces|messagerie|abonnement',
    // Le leurre « messages retenus » : l'histoire et son appel à l'action (« libérez vos messages »).
    'messages|courriels entrants? ont ete retenus|bloques|suspendus', 'messages|courriels entrants? sont retenus|bloques|suspendus',
    'messages|courriels|mails retenus|bloques en|pour|suite',
    'liberez|liberer|debloquez|debloquer vos|les messages|courriels|mails en attente|retenus|bloques',
    'activite|connexion|connexions|transaction|tentative|operation|operations inhabituelle|inhabituelles|suspecte|suspectes|frauduleuse|frauduleuses',
    'activite|connexion|transaction|tentative|operation non autorisee',
    'nous avons detecte|remarque|constate',
    'boite|messagerie|stockage est|sont? pleine|saturee|plein|sature',
    'poursuites|procedure judiciaires|judiciaire|penales',
    'majoration|penalite|penalites|amende',
    'colis en attente|bloque|retenu|retourne',
    'votre colis n a pas pu etre livre~|distribue~|expedie~',
    'votre colis est en attente|bloque|retenu',
    'votre mot de passe expire|expirera|va',
    'alerte|avertissement de securite',
    // « Votre compte cloud sera suspendu », « vos photos et fichiers seront supprimés ».
    'votre|vos compte|comptes|espace cloud|icloud|stockage sera|seront|a|ont ete? suspendu~|bloque~|supprime~|desactive~|ferme~',
    'vos photos|fichiers|donnees|documents seront supprime~|efface~|perdu~',
    'vos photos|fichiers|donnees|documents et * seront supprime~|efface~|perdu~',
  ],
  // La connexion de l'organisation nommée : le leurre de la revue salariale, et l'annonce d'un portail par les RH.
  org_credential: ['avec vos identifiants professionnels|entreprise|societe'],
  credential: [
    // A wallet's recovery phrase and the connection that signs for it are its credentials: asking for them is a credential request (docs/detection.md "Two independent facts before an accusation").
    'phrase de recuperation|secrete', 'connectez|connecter votre portefeuille|wallet',
    'augmentez|augmenter votre espace|stockage|quota', 'votre compte de? messagerie? pour ecouter|entendre',
    // Le leurre de messagerie vocale : un enregistrement qu'on n'écoute qu'après s'être connecté.
    'connectez vous avec votre compte * pour ecouter|lire',
    'connectez vous pour ecouter le|votre message|enregistrement',
    'code qr avec votre telephone|smartphone|mobile|appareil pour consulter|signer|verifier|valider|confirmer|acceder|debloquer|ouvrir',
    'qr code avec votre telephone|smartphone|mobile|appareil pour consulter|signer|verifier|valider|confirmer|acceder|debloquer|ouvrir',
    // The lure names the credentials it wants ("avec votre adresse e-mail et votre mot de passe").
    'mail|email|identifiant|identifiants et votre? mot de passe',
    // Se connecter avec la seule adresse e-mail pour ouvrir un document (la page demande le mot de passe) ;
    // l'objet écarte « pour suivre votre commande » d'une boutique.
    'votre adresse? e? mail|email|courriel pour consulter|ouvrir|visualiser|telecharger|voir|lire|acceder le|la|les|ce|cet|cette|au|aux? document|documents|fichier|fichiers|devis|proposition|contrat|pdf|releve',
    'votre adresse e? mail|email|courriel professionnelle? pour y acceder',
    'connectez|identifiez|authentifiez vous avec votre adresse e? mail|email professionnelle',
    // QR-code lures: the code carries the sign-in page to the reader's phone.
    'scannez|scanner le|ce qr code pour reactiver|verifier|confirmer|valider|securiser|debloquer|authentifier', 'scannez|scanner le|ce code qr pour reactiver|verifier|confirmer|valider|securiser|debloquer|authentifier', 'qr code ci dessous pour reactiver|verifier|confirmer|valider|securiser|debloquer|authentifier', 'code qr ci dessous pour reactiver|verifier|confirmer|valider|securiser|debloquer|authentifier',
    'verif~|confirm~|valid~|mettre|mettez|actualis~|reactiv~|debloqu~|deverrouill~|securis~ a? jour? votre|vos compte|identite|informations|coordonnees|donnees|acces|mot|identifiants|profil',
    // Not "connectez-vous à votre espace client": every French bank's "your statement is ready" says it.
    'saisi~|entrez|indiquez|renseign~|communiquez|fournir|fournissez votre|vos mot|code|identifiant|identifiants|numero|coordonnees',
    'cliquez|appuyez ici|dessous pour verifier|confirmer|valider|debloquer|reactiver|mettre',
    'cliquez|appuyez sur le lien|bouton ci? dessous? pour verifier|confirmer|valider|debloquer|reactiver|mettre',
    'vos coordonnees|informations bancaires',
    'vos coordonnees|informations de paiement',
    'conserver|garder|conservez|gardez votre? mot de passe actuel',
    'en vous connectant a|sur votre espace|compte',
    'reactivez le|la|votre',
  ],
  payment: [
    'confirmer|confirmez|valider|validez le paiement de|des',
    'mettre|mettez a jour votre|vos moyen|mode|informations|coordonnees de? paiement|facturation|bancaires',
    'paiement refuse|refusee|echoue|rejete|impaye',
    'paiement non abouti',
    'moyen|mode de paiement a ete|est refuse~|expire~|rejete~',
    'mettre|mettez a jour votre rib|iban',
    'paiement en attente',
    'votre carte a|est expire|expiree|refusee',
    'frais de livraison|port|douane|dedouanement|reexpedition|expedition|traitement',
    'regler|payer|payez|reglez les des? frais',
    'facture impayee|impayees',
    'facture en attente|souffrance',
    'remboursement en attente',
    'remboursement d impot|impots',
    'vous etes eligible|eligibles|beneficiaire a|au|d un|une? remboursement|indemnisation|aide|remise',
    'vous avez droit a|au un? remboursement|credit',
    'votre abonnement a|est|sera expire|suspendu|annule|resilie',
    'avis de contravention|amende',
    // Amendes et péages : l'histoire d'un leurre et son appel à payer (« réglez votre amende », « péage impayé »).
    'reglez|payez votre|l|cette amende|contravention',
    'payer|regler mon amende',
    'amende forfaitaire|majoree|impayee|impayees',
    'peage|peages impaye|impayes',
    'peage|peages non regle|regles',
    'solde impaye|restant|du',
  ],
  // L'avis d'une plateforme de partage, à la troisième personne (« je vous ai partagé » est une personne).
  share: [
    'vous a partage|envoye|transmis un|des|le|les document|documents|fichier|fichiers|dossier',
    'a partage un|des|le|les document|documents|fichier|fichiers|dossier avec vous',
    'vous avez recu un|des nouveaux? document|documents|fichier|fichiers|message securise|securises|protege',
    'document|fichier securise|protege partage avec vous',
    'vous avez recu un|des nouveaux? document|documents|fichier|fichiers de|depuis',
  ],
  giftcard: ['carte|cartes cadeau|cadeaux|prepayee|prepayees', 'coupon|coupons|recharge|recharges pcs|transcash|neosurf|paysafecard', 'transcash|neosurf|paysafecard', 'code|codes de la|des carte|cartes|recharge', 'envoie|envoyez moi les|des codes|photos', 'photos des codes|cartes'],
  wire: [
    // « par virement bancaire » dit comment payer ; le virement urgent, international ou confidentiel est la demande.
    'virement urgent|international|confidentiel',
    'virement bancaire urgent|international|confidentiel',
    'effectuer|faire|proceder a? un virement|paiement',
    'j ai besoin que tu|vous achetes|achetiez|effectues|effectuiez|regles|regliez',
    'operation|dossier confidentiel|confidentielle|strictement',
  ],
  // L'entrée en matière et le secret d'une fraude au président, et d'une fête surprise entre amis : jamais une
  // demande à eux seuls ; ils renforcent la demande de virement ou de cartes cadeaux qu'ils accompagnent.
  pretext: [
    'etes vous disponible|dispo',
    'es tu disponible|dispo',
    'garde|gardez ca|cela|le entre nous',
    'garde|gardez le pour toi|vous',
    'en toute discretion|confidentialite',
  ],
  bank_change: [
    'changement|modification de? coordonnees|rib|iban',
    'changement|modification de compte bancaire',
    'nouveau|nouvel|nouvelles rib|iban',
    'nouvelles coordonnees bancaires',
    'nouveau compte bancaire',
    'changement|change de banque',
    'mettre|mettez a jour nos|mes coordonnees bancaires|rib',
    'nos|mes coordonnees bancaires ont change',
    'notre|mon rib|iban a change',
  ],
  // La précaution d'un vrai changement de RIB : le vérifier par téléphone au numéro que le lecteur connaît déjà.
  known_channel: ['numero habituel', 'numero de telephone habituel', 'numero que vous connaissez', 'numero figurant|indique sur nos factures|notre site', 'votre interlocuteur|contact habituel'],
  prize: [
    'felicitations vous|votre|tu',
    'vous avez ete selectionne~|choisi~|tire~',
    'vous avez gagne',
    'bon|bons d achat',
    'cadeau|cadeaux|recompense|recompenses gratuit|gratuite|exclusif|exclusive|offert|offerte',
    'reclamez|recuperez|obtenez votre cadeau|recompense|prix|gain|lot',
    'tirage au sort',
    'grand gagnant|gagnante',
    'repondez a un|notre court? questionnaire|sondage|enquete',
    'programme de fidelite',
  ],
  // Scam and spam offers that ask for a reply, an investment or a visit (docs/detection.md "What does it ask").
  scam: ['tours gratuits', 'sans depot',
    // L'appât des actions collectives : « vous pourriez avoir droit à une indemnisation de 500 à 10 000 € ».
    'vous pourriez|pouvez avoir droit a une? indemnisation|indemnite|compensation|dedommagement', 'verifiez|verifier gratuitement? votre eligibilite', 'eligibilite en * minutes|secondes', 'bitcoin|crypto investissement|trading|gains', 'revenu|revenus passif|passifs', 'perdre du poids', 'celibataires pres de chez vous', 'rencontre|rencontres coquine|coquines|sexy|discrete|discretes', 'heritage de|d', 'fonds en desherence', 'je suis l avocat personnel', 'm aider a rapatrier', 'faire un? don de ma|mon|mes fortune|biens|patrimoine|heritage', 'cancer en phase terminale', 'proposition d investissement|affaires', 'doublez votre investissement|argent', 'feu mon mari|pere|client', 'mon defunt mari|pere|client|epoux', 'plus proche parent', 'fonds non reclames', 'millions de dollars', 'partenaire etranger', 'beneficiaire du|des fonds|heritage', 'femmes|filles|beautes|celibataires ukrainiennes|russes', 'l amour ukrainien|russe', 'cherche un amant', 'perte de poids rapide'],
  greeting: ['cher|chere|chers client|cliente|clients|utilisateur|utilisatrice|abonne|abonnee|membre|assure|assuree|beneficiaire', 'bonjour cher|chere client|cliente|utilisateur'],
  archive_password: ['mot de passe du|de l? fichier|archive|document|piece|zip', 'le mot de passe est'],
  crypto: ['verifiez|verifier|validez|valider|synchronisez|synchroniser votre portefeuille', 
    // Le leurre du portefeuille : « sécurisez votre portefeuille », « réclamez vos jetons ».
    'securisez|securiser|protegez votre portefeuille|wallet', 'analysez|scannez|verifiez votre appareil|portefeuille|wallet des? maintenant? avec|via|sur notre outil|site|scan|analyse', 'reclamez|reclamer|recuperez|recuperer vos|les jetons|tokens', 'portefeuilles|portefeuille|adresses eligibles|eligible', 'distribution|attribution de jetons|tokens'],
};

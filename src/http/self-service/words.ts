/** What the self-service page says, in the tenant's digest language (docs/recipients.md). */
import type { DigestLanguage } from '../../services/digests/i18n.js';
import type { Refusal } from '../../services/self-service/service.js';

export interface PageWords {
  title: string;
  received: string;
  from: string;
  subject: string;
  assessment: string;
  to: string;
  verdicts: Record<string, string>;
  confirm: { release: string; release_allow: string; delete: string };
  confirmHelp: { release: string; release_allow: (sender: string) => string; delete: string };
  button: { release: string; release_allow: string; delete: string };
  done: { release: string; release_allow: (sender: string) => string; delete: string };
  previewHelp: string;
  attachments: string;
  noText: string;
  refused: Record<Refusal | 'csrf' | 'unavailable', string>;
}

const en: PageWords = {
  title: 'Held message',
  received: 'Received',
  from: 'From',
  subject: 'Subject',
  assessment: 'Assessment',
  to: 'For',
  verdicts: { phishing: 'phishing', suspicious: 'suspicious', safe: 'safe' },
  confirm: { release: 'Deliver this message to your mailbox?', release_allow: 'Deliver this message and always accept this sender?', delete: 'Delete this message?' },
  confirmHelp: {
    release: 'It was held because it looks like phishing or fraud. Deliver it only if you know the sender and expected it.',
    release_allow: (s) => `Mail from ${s} will no longer be held for you. Do this only for a sender you know.`,
    delete: 'You will not see this message again.',
  },
  button: { release: 'Deliver it', release_allow: 'Deliver it and always accept this sender', delete: 'Delete it' },
  done: { release: 'Done: the message is on its way to your mailbox.', release_allow: (s) => `Done: the message is on its way, and mail from ${s} is accepted for you from now on.`, delete: 'Done: the message is deleted.' },
  previewHelp: 'This is how the message looks with everything active taken out: links are shown as text with their real target, images are not loaded.',
  attachments: 'Attachments (not opened)',
  noText: '(no text)',
  refused: {
    invalid: 'This link is not valid.',
    expired: 'This link has expired.',
    used: 'This link has already been used.',
    handled: 'You have already dealt with this message.',
    not_yours: 'This link is not valid.',
    gone: 'This message is no longer held (it was deleted or its retention ended).',
    released: 'This message has already been delivered.',
    csrf: 'Your confirmation could not be checked. Open the link from the digest again and confirm on that page.',
    unavailable: 'The message could not be delivered just now. Please try again in a few minutes.',
  },
};

const fr: PageWords = {
  title: 'Message retenu',
  received: 'Reçu',
  from: 'De',
  subject: 'Objet',
  assessment: 'Évaluation',
  to: 'Pour',
  verdicts: { phishing: 'hameçonnage', suspicious: 'suspect', safe: 'sûr' },
  confirm: { release: 'Distribuer ce message dans votre boîte ?', release_allow: 'Distribuer ce message et toujours accepter cet expéditeur ?', delete: 'Supprimer ce message ?' },
  confirmHelp: {
    release: 'Il a été retenu parce qu’il ressemble à de l’hameçonnage ou à une fraude. Ne le distribuez que si vous connaissez l’expéditeur et l’attendiez.',
    release_allow: (s) => `Les messages de ${s} ne seront plus retenus pour vous. Ne le faites que pour un expéditeur que vous connaissez.`,
    delete: 'Vous ne reverrez plus ce message.',
  },
  button: { release: 'Le distribuer', release_allow: 'Le distribuer et toujours accepter cet expéditeur', delete: 'Le supprimer' },
  done: { release: 'C’est fait : le message est en route vers votre boîte.', release_allow: (s) => `C’est fait : le message est en route, et les messages de ${s} sont désormais acceptés pour vous.`, delete: 'C’est fait : le message est supprimé.' },
  previewHelp: 'Voici le message sans rien d’actif : les liens sont affichés en texte avec leur vraie destination, les images ne sont pas chargées.',
  attachments: 'Pièces jointes (non ouvertes)',
  noText: '(pas de texte)',
  refused: {
    invalid: 'Ce lien n’est pas valide.',
    expired: 'Ce lien a expiré.',
    used: 'Ce lien a déjà été utilisé.',
    handled: 'Vous avez déjà traité ce message.',
    not_yours: 'Ce lien n’est pas valide.',
    gone: 'Ce message n’est plus retenu (il a été supprimé ou sa durée de conservation est passée).',
    released: 'Ce message a déjà été distribué.',
    csrf: 'Votre confirmation n’a pas pu être vérifiée. Rouvrez le lien du récapitulatif et confirmez sur cette page.',
    unavailable: 'Le message n’a pas pu être distribué pour l’instant. Réessayez dans quelques minutes.',
  },
};

const de: PageWords = {
  title: 'Zurückgehaltene Nachricht',
  received: 'Empfangen',
  from: 'Von',
  subject: 'Betreff',
  assessment: 'Einstufung',
  to: 'Für',
  verdicts: { phishing: 'Phishing', suspicious: 'verdächtig', safe: 'unbedenklich' },
  confirm: { release: 'Diese Nachricht in Ihr Postfach zustellen?', release_allow: 'Diese Nachricht zustellen und diesen Absender immer annehmen?', delete: 'Diese Nachricht löschen?' },
  confirmHelp: {
    release: 'Sie wurde zurückgehalten, weil sie nach Phishing oder Betrug aussieht. Stellen Sie sie nur zu, wenn Sie den Absender kennen und sie erwartet haben.',
    release_allow: (s) => `Nachrichten von ${s} werden für Sie nicht mehr zurückgehalten. Tun Sie das nur für einen Absender, den Sie kennen.`,
    delete: 'Sie sehen diese Nachricht nicht wieder.',
  },
  button: { release: 'Zustellen', release_allow: 'Zustellen und diesen Absender immer annehmen', delete: 'Löschen' },
  done: { release: 'Erledigt: Die Nachricht ist auf dem Weg in Ihr Postfach.', release_allow: (s) => `Erledigt: Die Nachricht ist unterwegs, und Nachrichten von ${s} werden für Sie ab jetzt angenommen.`, delete: 'Erledigt: Die Nachricht ist gelöscht.' },
  previewHelp: 'So sieht die Nachricht ohne alles Aktive aus: Links erscheinen als Text mit ihrem wahren Ziel, Bilder werden nicht geladen.',
  attachments: 'Anhänge (nicht geöffnet)',
  noText: '(kein Text)',
  refused: {
    invalid: 'Dieser Link ist nicht gültig.',
    expired: 'Dieser Link ist abgelaufen.',
    used: 'Dieser Link wurde bereits verwendet.',
    handled: 'Sie haben diese Nachricht bereits bearbeitet.',
    not_yours: 'Dieser Link ist nicht gültig.',
    gone: 'Diese Nachricht wird nicht mehr zurückgehalten (gelöscht oder Aufbewahrungsfrist abgelaufen).',
    released: 'Diese Nachricht wurde bereits zugestellt.',
    csrf: 'Ihre Bestätigung konnte nicht geprüft werden. Öffnen Sie den Link aus der Übersicht erneut und bestätigen Sie dort.',
    unavailable: 'Die Nachricht konnte gerade nicht zugestellt werden. Bitte versuchen Sie es in einigen Minuten erneut.',
  },
};

const es: PageWords = {
  title: 'Mensaje retenido',
  received: 'Recibido',
  from: 'De',
  subject: 'Asunto',
  assessment: 'Evaluación',
  to: 'Para',
  verdicts: { phishing: 'phishing', suspicious: 'sospechoso', safe: 'seguro' },
  confirm: { release: '¿Entregar este mensaje en su buzón?', release_allow: '¿Entregar este mensaje y aceptar siempre a este remitente?', delete: '¿Eliminar este mensaje?' },
  confirmHelp: {
    release: 'Se retuvo porque parece phishing o fraude. Entréguelo solo si conoce al remitente y lo esperaba.',
    release_allow: (s) => `Los mensajes de ${s} ya no se retendrán para usted. Hágalo solo con un remitente que conozca.`,
    delete: 'No volverá a ver este mensaje.',
  },
  button: { release: 'Entregarlo', release_allow: 'Entregarlo y aceptar siempre a este remitente', delete: 'Eliminarlo' },
  done: { release: 'Hecho: el mensaje va camino de su buzón.', release_allow: (s) => `Hecho: el mensaje va en camino y los mensajes de ${s} se aceptan para usted a partir de ahora.`, delete: 'Hecho: el mensaje se ha eliminado.' },
  previewHelp: 'Así se ve el mensaje sin nada activo: los enlaces aparecen como texto con su destino real y las imágenes no se cargan.',
  attachments: 'Adjuntos (no abiertos)',
  noText: '(sin texto)',
  refused: {
    invalid: 'Este enlace no es válido.',
    expired: 'Este enlace ha caducado.',
    used: 'Este enlace ya se ha utilizado.',
    handled: 'Ya ha gestionado este mensaje.',
    not_yours: 'Este enlace no es válido.',
    gone: 'Este mensaje ya no está retenido (se eliminó o terminó su periodo de conservación).',
    released: 'Este mensaje ya se ha entregado.',
    csrf: 'No se pudo comprobar su confirmación. Abra de nuevo el enlace del resumen y confirme en esa página.',
    unavailable: 'No se pudo entregar el mensaje ahora. Inténtelo de nuevo en unos minutos.',
  },
};

const it: PageWords = {
  title: 'Messaggio trattenuto',
  received: 'Ricevuto',
  from: 'Da',
  subject: 'Oggetto',
  assessment: 'Valutazione',
  to: 'Per',
  verdicts: { phishing: 'phishing', suspicious: 'sospetto', safe: 'sicuro' },
  confirm: { release: 'Consegnare questo messaggio nella sua casella?', release_allow: 'Consegnare questo messaggio e accettare sempre questo mittente?', delete: 'Eliminare questo messaggio?' },
  confirmHelp: {
    release: 'È stato trattenuto perché sembra phishing o una truffa. Lo consegni solo se conosce il mittente e lo aspettava.',
    release_allow: (s) => `I messaggi di ${s} non verranno più trattenuti per lei. Lo faccia solo per un mittente che conosce.`,
    delete: 'Non vedrà più questo messaggio.',
  },
  button: { release: 'Consegnarlo', release_allow: 'Consegnarlo e accettare sempre questo mittente', delete: 'Eliminarlo' },
  done: { release: 'Fatto: il messaggio è in arrivo nella sua casella.', release_allow: (s) => `Fatto: il messaggio è in arrivo e i messaggi di ${s} da ora sono accettati per lei.`, delete: 'Fatto: il messaggio è stato eliminato.' },
  previewHelp: 'Ecco il messaggio senza nulla di attivo: i link appaiono come testo con la loro vera destinazione, le immagini non vengono caricate.',
  attachments: 'Allegati (non aperti)',
  noText: '(nessun testo)',
  refused: {
    invalid: 'Questo link non è valido.',
    expired: 'Questo link è scaduto.',
    used: 'Questo link è già stato usato.',
    handled: 'Ha già gestito questo messaggio.',
    not_yours: 'Questo link non è valido.',
    gone: 'Questo messaggio non è più trattenuto (è stato eliminato o il periodo di conservazione è finito).',
    released: 'Questo messaggio è già stato consegnato.',
    csrf: 'Non è stato possibile verificare la sua conferma. Riapra il link del riepilogo e confermi in quella pagina.',
    unavailable: 'Non è stato possibile consegnare il messaggio ora. Riprovi tra qualche minuto.',
  },
};

export const PAGE_WORDS: Record<DigestLanguage, PageWords> = { en, fr, de, es, it };

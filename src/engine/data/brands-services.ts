import { inSector } from './brand-types.js';

/*
 * Consumer services phishers imitate outside the other sectors: medical appointments, job boards,
 * tickets, dating, restaurant booking. Rules: see brands-tech.ts. "Indeed" is an ordinary English
 * word: claimed by its phrases only.
 */

export const SERVICE_BRANDS = inSector('service', [
  { name: 'Doctolib', domains: ['doctolib.fr', 'doctolib.de', 'doctolib.it'], keywords: ['doctolib'] },
  { name: 'Indeed', domains: ['indeed.com', 'indeed.fr', 'indeed.de', 'indeed.co.uk', 'indeed.es', 'indeed.it', 'indeed.nl', 'indeed.ca'], keywords: ['indeed com', 'indeed jobs', 'indeed apply'], lookalikeLabels: [] },
  { name: 'Glassdoor', domains: ['glassdoor.com'], keywords: ['glassdoor'] },
  { name: 'StepStone', domains: ['stepstone.de', 'stepstone.be'], keywords: ['stepstone'] },
  { name: 'Ticketmaster', domains: ['ticketmaster.com', 'ticketmaster.fr', 'ticketmaster.de', 'ticketmaster.co.uk', 'ticketmaster.es', 'ticketmaster.it', 'ticketmaster.nl', 'ticketmaster.be'], keywords: ['ticketmaster'] },
  { name: 'Tinder', domains: ['tinder.com', 'gotinder.com'], keywords: ['tinder'], lookalikeLabels: [] },
  { name: 'TheFork', domains: ['thefork.com', 'thefork.fr', 'lafourchette.com'], keywords: ['thefork', 'la fourchette'] },
]);

import { inSector } from './brand-types.js';

/*
 * Video and music streaming, and gaming platforms ("your subscription is suspended, update your
 * payment"). Rules: see brands-tech.ts. Names that are ordinary words ("Max", "Peacock", "Steam",
 * "Epic", "Twitch") are phrases or exact keywords, and not look-alike targets.
 */

export const STREAMING_BRANDS = inSector('streaming', [
  { name: 'Netflix', domains: ['netflix.com', 'nflxext.com', 'nflximg.net', 'nflxso.net', 'nflxvideo.net'], keywords: ['netflix'], lookalikeLabels: ['netflix'] },
  { name: 'Disney+', domains: ['disneyplus.com', 'disney.com', 'disney.fr', 'disney.co.uk', 'disney.de'], keywords: ['disney plus', 'disneyplus'], lookalikeLabels: ['disneyplus'] },
  { name: 'Spotify', domains: ['spotify.com', 'scdn.co'], keywords: ['spotify'] },
  { name: 'Deezer', domains: ['deezer.com'], keywords: ['deezer'] },
  { name: 'Max (HBO)', domains: ['max.com', 'hbomax.com', 'hbo.com'], keywords: ['hbo max', 'hbomax'], exactKeywords: ['HBO'], lookalikeLabels: ['hbomax'] },
  { name: 'Paramount+', domains: ['paramountplus.com'], keywords: ['paramount plus', 'paramountplus'] },
  { name: 'Hulu', domains: ['hulu.com', 'hulumail.com'], keywords: ['hulu'] },
  { name: 'Peacock', domains: ['peacocktv.com'], keywords: ['peacock tv', 'peacocktv'], lookalikeLabels: ['peacocktv'] },
  { name: 'Canal+', domains: ['canalplus.com', 'canal-plus.com', 'mycanal.fr'], keywords: ['canal plus', 'canalplus', 'mycanal'] },
  { name: 'DAZN', domains: ['dazn.com'], keywords: ['dazn'] },
  { name: 'Crunchyroll', domains: ['crunchyroll.com'], keywords: ['crunchyroll'] },
  { name: 'NOW', parent: 'Sky', domains: ['nowtv.com', 'nowtv.it'], keywords: ['now tv', 'nowtv'], lookalikeLabels: ['nowtv'] },
  { name: 'RTL+', domains: ['rtl.de'], keywords: ['rtl plus', 'rtlplus'] },
  { name: 'Joyn', domains: ['joyn.de'], keywords: ['joyn'] },
  { name: 'Videoland', domains: ['videoland.com'], keywords: ['videoland'] },
  { name: 'Tidal', domains: ['tidal.com'], keywords: ['tidal music', 'tidal hifi'], lookalikeLabels: [] },
  { name: 'Twitch', parent: 'Amazon', domains: ['twitch.tv'], keywords: ['twitch prime', 'twitch tv'], exactKeywords: ['Twitch'], lookalikeLabels: [] },
  { name: 'TV Licensing', domains: ['tvlicensing.co.uk'], keywords: ['tv licensing', 'tv licence'], lookalikeLabels: ['tvlicensing'] },
  { name: 'SiriusXM', domains: ['siriusxm.com', 'sxm.com', 'siriusxm.ca'], keywords: ['sirius xm', 'siriusxm'] },
]);

export const GAMING_BRANDS = inSector('gaming', [
  { name: 'Steam', domains: ['steampowered.com', 'steamcommunity.com', 'steamstatic.com', 'valvesoftware.com'], keywords: ['steam community', 'steam guard', 'steampowered', 'steam support'], lookalikeLabels: ['steampowered', 'steamcommunity'] },
  { name: 'Epic Games', domains: ['epicgames.com', 'unrealengine.com', 'fortnite.com'], keywords: ['epic games', 'epicgames', 'fortnite'] },
  { name: 'PlayStation', domains: ['playstation.com', 'playstation.net', 'sony.com', 'sonyentertainmentnetwork.com'], keywords: ['playstation network', 'playstation plus', 'playstation store', 'psn account'] },
  { name: 'Nintendo', domains: ['nintendo.com', 'nintendo.net', 'nintendo.fr', 'nintendo.de', 'nintendo.co.uk', 'nintendo.es', 'nintendo.it'], keywords: ['nintendo account', 'nintendo eshop', 'nintendo switch online'] },
  { name: 'Roblox', domains: ['roblox.com'], keywords: ['roblox'] },
  { name: 'Riot Games', domains: ['riotgames.com', 'leagueoflegends.com'], keywords: ['riot games', 'league of legends'] },
  { name: 'Electronic Arts', domains: ['ea.com'], keywords: ['electronic arts', 'ea app'] },
  { name: 'Ubisoft', domains: ['ubisoft.com', 'ubi.com'], keywords: ['ubisoft'] },
  { name: 'Battle.net / Blizzard', domains: ['blizzard.com', 'battle.net'], keywords: ['battle net', 'blizzard entertainment'], lookalikeLabels: ['blizzard'] },
]);

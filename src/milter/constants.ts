/**
 * Milter protocol v6 constants (docs/milter-protocol.md §3, §4, §6). Codes are the ASCII bytes
 * on the wire; flags are the SMFIF_* action bits and SMFIP_* protocol bits exchanged in OPTNEG.
 */

/** Highest protocol version we speak; OPTNEG replies min(this, MTA's version) (docs/milter-protocol.md §3). */
export const MILTER_VERSION = 6;
/** libmilter refuses MTAs older than protocol 2; so do we. */
export const MILTER_MIN_VERSION = 2;

/** Commands, MTA → milter (docs/milter-protocol.md §4). */
export const Cmd = {
  ABORT: 0x41, // 'A'
  BODY: 0x42, // 'B'
  CONNECT: 0x43, // 'C'
  MACRO: 0x44, // 'D'
  BODYEOB: 0x45, // 'E'
  HELO: 0x48, // 'H'
  QUIT_NC: 0x4b, // 'K'
  HEADER: 0x4c, // 'L'
  MAIL: 0x4d, // 'M'
  EOH: 0x4e, // 'N'
  OPTNEG: 0x4f, // 'O'
  QUIT: 0x51, // 'Q'
  RCPT: 0x52, // 'R'
  DATA: 0x54, // 'T'
  UNKNOWN: 0x55, // 'U'
} as const;

/** Replies, milter → MTA (docs/milter-protocol.md §6). */
export const Reply = {
  ADDRCPT: 0x2b, // '+'
  DELRCPT: 0x2d, // '-'
  ADDRCPT_PAR: 0x32, // '2'
  SHUTDOWN: 0x34, // '4'
  ACCEPT: 0x61, // 'a'
  REPLBODY: 0x62, // 'b'
  CONTINUE: 0x63, // 'c'
  DISCARD: 0x64, // 'd'
  CHGFROM: 0x65, // 'e'
  CONN_FAIL: 0x66, // 'f'
  ADDHEADER: 0x68, // 'h'
  INSHEADER: 0x69, // 'i'
  SETSYMLIST: 0x6c, // 'l'
  CHGHEADER: 0x6d, // 'm'
  PROGRESS: 0x70, // 'p'
  QUARANTINE: 0x71, // 'q'
  REJECT: 0x72, // 'r'
  SKIP: 0x73, // 's'
  TEMPFAIL: 0x74, // 't'
  REPLYCODE: 0x79, // 'y'
  OPTNEG: 0x4f, // 'O'
} as const;

/** SMFIF_*: modifications the milter may request at end of message (docs/milter-protocol.md §3). */
export const Action = {
  ADDHDRS: 0x001,
  CHGBODY: 0x002,
  ADDRCPT: 0x004,
  DELRCPT: 0x008,
  CHGHDRS: 0x010,
  QUARANTINE: 0x020,
  CHGFROM: 0x040,
  ADDRCPT_PAR: 0x080,
  SETSYMLIST: 0x100,
} as const;

/** SMFIP_*: steps the MTA skips (NO*) or sends without waiting for a reply (NR_*) (docs/milter-protocol.md §3). */
export const Proto = {
  NOCONNECT: 0x000001,
  NOHELO: 0x000002,
  NOMAIL: 0x000004,
  NORCPT: 0x000008,
  NOBODY: 0x000010,
  NOHDRS: 0x000020,
  NOEOH: 0x000040,
  NR_HDR: 0x000080,
  NOUNKNOWN: 0x000100,
  NODATA: 0x000200,
  SKIP: 0x000400,
  RCPT_REJ: 0x000800,
  NR_CONN: 0x001000,
  NR_HELO: 0x002000,
  NR_MAIL: 0x004000,
  NR_RCPT: 0x008000,
  NR_DATA: 0x010000,
  NR_UNKN: 0x020000,
  NR_EOH: 0x040000,
  NR_BODY: 0x080000,
  HDR_LEADSPC: 0x100000,
} as const;

/** SMFIM_*: macro stages named in the OPTNEG macro lists (docs/milter-protocol.md §3; EOM=5 comes before EOH=6). */
export const MacroStage = {
  CONNECT: 0,
  HELO: 1,
  ENVFROM: 2,
  ENVRCPT: 3,
  DATA: 4,
  EOM: 5,
  EOH: 6,
} as const;

/** The no-reply flag that belongs to each command that normally gets a reply (docs/milter-protocol.md §3 "rules that bite"). */
export const NO_REPLY_FLAG: Readonly<Record<number, number>> = {
  [Cmd.CONNECT]: Proto.NR_CONN,
  [Cmd.HELO]: Proto.NR_HELO,
  [Cmd.MAIL]: Proto.NR_MAIL,
  [Cmd.RCPT]: Proto.NR_RCPT,
  [Cmd.DATA]: Proto.NR_DATA,
  [Cmd.UNKNOWN]: Proto.NR_UNKN,
  [Cmd.HEADER]: Proto.NR_HDR,
  [Cmd.EOH]: Proto.NR_EOH,
  [Cmd.BODY]: Proto.NR_BODY,
};

/** The "don't send" flag of each command the MTA may leave out (docs/milter-protocol.md §3). */
export const NO_SEND_FLAG: Readonly<Record<number, number>> = {
  [Cmd.CONNECT]: Proto.NOCONNECT,
  [Cmd.HELO]: Proto.NOHELO,
  [Cmd.MAIL]: Proto.NOMAIL,
  [Cmd.RCPT]: Proto.NORCPT,
  [Cmd.DATA]: Proto.NODATA,
  [Cmd.UNKNOWN]: Proto.NOUNKNOWN,
  [Cmd.HEADER]: Proto.NOHDRS,
  [Cmd.EOH]: Proto.NOEOH,
  [Cmd.BODY]: Proto.NOBODY,
};

/** Largest BODY chunk Postfix and libmilter send (docs/milter-protocol.md §4 "Body"). */
export const MAX_BODY_CHUNK = 65535;

export function codeName(code: number): string {
  const printable = code >= 0x21 && code <= 0x7e ? String.fromCharCode(code) : `0x${code.toString(16).padStart(2, '0')}`;
  return `'${printable}'`;
}

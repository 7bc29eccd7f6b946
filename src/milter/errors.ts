/**
 * Typed protocol errors (architecture: go-milter model). Any of them ends the connection; the MTA then
 * applies its `milter_default_action` for that session (docs/milter-protocol.md §7).
 */
export type MilterProtocolErrorKind =
  /** A frame announced more than `max_frame_bytes` (or a zero length, which has no command byte). */
  | 'frame_size'
  /** A command's payload does not have the layout docs/milter-protocol.md §4 defines. */
  | 'malformed'
  /** A command byte we do not know. */
  | 'unknown_command'
  /** A known command in a state where it makes no sense (e.g. BODY before MAIL, anything before OPTNEG). */
  | 'unexpected_command'
  /** The MTA's OPTNEG asks for something we cannot speak (protocol version < 2). */
  | 'negotiation';

export class MilterProtocolError extends Error {
  readonly kind: MilterProtocolErrorKind;

  constructor(kind: MilterProtocolErrorKind, message: string) {
    super(message);
    this.name = 'MilterProtocolError';
    this.kind = kind;
  }
}

export function isMilterProtocolError(error: unknown): error is MilterProtocolError {
  return error instanceof MilterProtocolError;
}

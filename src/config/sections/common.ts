import { Type, type TSchema } from '@sinclair/typebox';

/** Every config object is closed, so a misspelt key stops start-up with its path instead of being ignored. */
export const Section = <T extends Record<string, TSchema>>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

export const Port = Type.Integer({ minimum: 0, maximum: 65535 });
export const Host = Type.String({ minLength: 1 });
export const Verdict = Type.Union([Type.Literal('safe'), Type.Literal('suspicious'), Type.Literal('phishing')]);
export const GatewayAction = Type.Union([
  Type.Literal('pass'),
  Type.Literal('tag'),
  Type.Literal('quarantine'),
  Type.Literal('reject'),
]);
/** `host:port`, e.g. `127.0.0.1:10026`. */
export const HostPort = Type.String({ pattern: '^[^\\s:]+:[0-9]{1,5}$|^\\[[0-9a-fA-F:.]+\\]:[0-9]{1,5}$' });

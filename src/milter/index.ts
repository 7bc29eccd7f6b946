/** The milter door's public surface (docs/milter.md). */
export { createMilterServer, type MilterServer, type MilterServerOptions, type MilterServerStats } from './server.js';
export { MilterClient, POSTFIX_OFFER, type ClientMessage, type MessageResult, type MilterClientOptions } from './client.js';
export { MilterProtocolError, type MilterProtocolErrorKind } from './errors.js';
export { planActions, planError, HOLD_REASON_HEADER, type MapperContext, type MilterPlan } from './decision-mapper.js';
export type { MilterReply } from './replies.js';

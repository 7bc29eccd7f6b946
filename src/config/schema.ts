import { Type, type Static } from '@sinclair/typebox';
import { DatabaseSection, HttpSection, LogSection, RateLimitSection } from './sections/server.js';
import { EngineSection, LlmSection } from './sections/engine.js';
import { GatewaySection, MilterSection, SmtpSection } from './sections/gateway.js';
import { AuthSection } from './sections/auth.js';
import { MetricsSection, RetentionSection, ShutdownSection, WebhooksSection } from './sections/operations.js';
import { DigestsSection, FeedbackSection, LearningSection, ReportsSection, SelfServiceSection } from './sections/recipients.js';
import { ConsoleSection } from './sections/console.js';
import { ReputationSection } from './sections/reputation.js';

export const ConfigSchema = Type.Object(
  {
    http: HttpSection,
    database: DatabaseSection,
    rate_limit: RateLimitSection,
    engine: EngineSection,
    llm: LlmSection,
    gateway: GatewaySection,
    smtp: SmtpSection,
    milter: MilterSection,
    auth: AuthSection,
    webhooks: WebhooksSection,
    retention: RetentionSection,
    metrics: MetricsSection,
    shutdown: ShutdownSection,
    log: LogSection,
    feedback: FeedbackSection,
    digests: DigestsSection,
    self_service: SelfServiceSection,
    console: ConsoleSection,
    reports: ReportsSection,
    learning: LearningSection,
    reputation: ReputationSection,
  },
  { additionalProperties: false },
);

export type Config = Static<typeof ConfigSchema>;

/**
 * "Test a message" (docs/console.md, "Test a message"): paste a whole message (or pick an .eml file,
 * read into the box by console.js) and see its analysis. The analysis is the REST API's (the same
 * service call as POST /v1/analyze with raw_email, charged and recorded like one, by the signed-in key),
 * so the result page is the ordinary analysis page. The form body is bounded by the console's form limit.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../../core/errors.js';
import { notAnEmailMessage } from '../../../mail/message-shape.js';
import { parseRawMessage } from '../../../mail/parse-raw.js';
import { requireScope, userOf, type ConsoleContext } from '../context.js';
import { text, type Fields } from '../forms.js';
import { html } from '../html.js';
import { csrfField, page, sendPage } from '../layout.js';
import { checkCsrf } from '../session.js';

/** The largest message the box takes (characters): ASCII text URL-encoded is at most three bytes a character, so it stays within the console's 256 KB form limit. */
export const TEST_MESSAGE_MAX_CHARS = 80_000;


export function testMessageRoutes(app: FastifyInstance, ctx: ConsoleContext): void {
  const options = { config: { scope: 'public' as const }, schema: { hide: true } };

  app.get(ctx.at('/test'), options, async (request, reply) => {
    const user = userOf(request);
    requireScope(user, 'write');
    const body = html`<p>Paste a whole message as received — header fields, a blank line, then the body — or choose an <code>.eml</code> file. It is analysed like a <code>POST /v1/analyze</code> with <code>raw_email</code> by the signed-in key: recorded in the history and counted against the quota. Up to ${Math.floor(TEST_MESSAGE_MAX_CHARS / 1000)} KB; larger messages go through the API.</p>
<form method="post" action="${ctx.at('/test')}" class="stack wide-form">
${csrfField(user)}
<p><label for="test-file">Message file (.eml)</label> <input id="test-file" type="file" accept=".eml,message/rfc822,text/plain" data-fills="test-raw"></p>
<p><label for="test-raw">Message source</label></p>
<textarea id="test-raw" name="raw" rows="18" required maxlength="${TEST_MESSAGE_MAX_CHARS}" spellcheck="false" placeholder="From: Sender &lt;sender@example.com&gt;&#10;Subject: …&#10;&#10;Body"></textarea>
<p><button type="submit">Analyse</button></p>
</form>`;
    return sendPage(reply, page(ctx, user, { title: 'Test a message', current: '/test' }, body));
  });

  app.post<{ Body: Fields }>(ctx.at('/test'), options, async (request, reply) => {
    const user = userOf(request);
    const fields = request.body ?? {};
    checkCsrf(request, user, fields);
    requireScope(user, 'write');
    const raw = text(fields, 'raw', TEST_MESSAGE_MAX_CHARS + 1);
    if (!raw.trim()) throw badRequest('Message source: paste a message or choose a file');
    if (raw.length > TEST_MESSAGE_MAX_CHARS) throw badRequest(`Message source: at most ${TEST_MESSAGE_MAX_CHARS} characters here; send larger messages through POST /v1/analyze`);
    const bytes = Buffer.from(raw.trimStart(), 'utf8');
    // The same test as `phishgate scan` (message-shape.ts): a message starts with header fields.
    const why = notAnEmailMessage(bytes);
    if (why) throw badRequest(`Message source: this is not an email message (${why}); it must start with header fields such as "From: …" and "Subject: …"`);
    const message = await parseRawMessage(bytes, ctx.parseLimits);
    const outcome = await ctx.analysis.analyze(user.principal, message, { source: 'api', chargeQuota: true, apiKeyId: user.key.id });
    const analysisId = outcome.record.analysis_id;
    await ctx.audit.record(user.principal, user.operator, { action: 'test_message', targetType: 'analysis', targetId: analysisId, detail: { subject: message.subject, from: message.from?.address ?? '' } });
    return reply.redirect(`${ctx.at(`/analyses/${encodeURIComponent(analysisId)}`)}?done=tested`, 303);
  });
}

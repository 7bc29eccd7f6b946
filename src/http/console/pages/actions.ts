/**
 * Console actions (docs/console.md, "Acting on a message"). Each one: the session's CSRF token, the
 * write scope (the same 403 as the REST API), then the very service call the REST route makes with the
 * signed-in principal, then an audit entry, then a redirect (POST/redirect/GET) with a fixed notice.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, badRequest } from '../../../core/errors.js';
import { LIST_NAMES, LIST_ENTRY_TYPES } from '../../../core/domain.js';
import { requireScope, userOf, type ConsoleContext } from '../context.js';
import { date, id, list, oneOf, text, type Fields } from '../forms.js';
import { checkCsrf } from '../session.js';

const BACK = /^\/(analyses|quarantine)(\/[A-Za-z0-9_-]{1,128})?$/;

/** Only the console's own analysis and quarantine pages are valid places to come back to. */
function backTo(ctx: ConsoleContext, fields: Fields, fallback: string): string {
  const back = text(fields, 'back', 200);
  return ctx.at(BACK.test(back) ? back : fallback);
}

const redirect = (reply: FastifyReply, path: string, done: string) => reply.redirect(`${path}?done=${done}`, 303);

export function actionRoutes(app: FastifyInstance, ctx: ConsoleContext): void {
  const options = { config: { scope: 'public' as const }, schema: { hide: true } };

  app.post<{ Body: Fields }>(ctx.at('/actions/feedback'), options, async (request, reply) => {
    const user = userOf(request);
    const fields = request.body ?? {};
    checkCsrf(request, user, fields);
    requireScope(user, 'write');
    const analysisId = id(fields, 'analysis_id');
    const label = oneOf(fields, 'label', ['phishing', 'ham'] as const);
    if (!label) throw badRequest('label: phishing or ham');
    const note = text(fields, 'note', 1000) || null;
    const { feedback } = await ctx.feedback.recordFeedback(user.principal, analysisId, label, note, { source: 'console', id: user.key.id });
    await ctx.audit.record(user.principal, user.operator, {
      action: label === 'phishing' ? 'feedback_phishing' : 'feedback_ham',
      targetType: 'analysis',
      targetId: analysisId,
      detail: { subject: feedback.subject, from: feedback.from, note },
    });
    return redirect(reply, backTo(ctx, fields, `/analyses/${analysisId}`), `feedback_${label}`);
  });

  app.post<{ Body: Fields }>(ctx.at('/actions/list'), options, async (request, reply) => {
    const user = userOf(request);
    const fields = request.body ?? {};
    checkCsrf(request, user, fields);
    requireScope(user, 'write');
    const listName = oneOf(fields, 'list', LIST_NAMES);
    const type = oneOf(fields, 'type', LIST_ENTRY_TYPES);
    if (!listName || !type) throw badRequest('list and type are required');
    const expires = date(fields, 'expires');
    const { entry } = await ctx.lists.add(user.principal, listName, {
      type,
      value: text(fields, 'value', 320),
      note: text(fields, 'note', 500) || null,
      // The entry lasts through the chosen day (UTC).
      expiresAt: expires ? `${expires}T23:59:59.999Z` : null,
    });
    const analysisId = text(fields, 'analysis_id', 128);
    await ctx.audit.record(user.principal, user.operator, {
      action: listName === 'allow' ? 'allow_add' : 'block_add',
      targetType: 'list_entry',
      targetId: entry.id,
      detail: { type: entry.type, value: entry.value, note: entry.note, expires_at: entry.expiresAt, analysis_id: analysisId || null },
    });
    return redirect(reply, backTo(ctx, fields, '/lists'), listName === 'allow' ? 'allow_add' : 'block_add');
  });

  app.post<{ Params: { list: string; id: string }; Body: Fields }>(ctx.at('/lists/:list/:id/delete'), options, async (request, reply) => {
    const user = userOf(request);
    const fields = request.body ?? {};
    checkCsrf(request, user, fields);
    requireScope(user, 'write');
    const listName = oneOf({ list: request.params.list }, 'list', LIST_NAMES);
    if (!listName) throw badRequest('list: allow or block');
    const entryId = id({ id: request.params.id }, 'id');
    await ctx.lists.remove(user.principal, listName, entryId);
    await ctx.audit.record(user.principal, user.operator, { action: 'list_remove', targetType: 'list_entry', targetId: entryId, detail: { list: listName } });
    return redirect(reply, ctx.at('/lists'), 'list_remove');
  });

  app.post<{ Params: { id: string }; Body: Fields }>(ctx.at('/quarantine/:id/release'), options, async (request, reply) => {
    const user = userOf(request);
    const fields = request.body ?? {};
    checkCsrf(request, user, fields);
    requireScope(user, 'write');
    const entryId = id({ id: request.params.id }, 'id');
    await releaseOne(ctx, user, entryId);
    return redirect(reply, backTo(ctx, fields, `/quarantine/${entryId}`), 'released');
  });

  app.post<{ Body: Fields }>(ctx.at('/quarantine/bulk-release'), options, async (request, reply) => {
    const user = userOf(request);
    const fields = request.body ?? {};
    checkCsrf(request, user, fields);
    requireScope(user, 'write');
    const ids = list(fields, 'id', 200);
    if (!ids.length) throw badRequest('choose at least one message to release');
    for (const entryId of ids) await releaseOne(ctx, user, id({ id: entryId }, 'id'));
    return redirect(reply, ctx.at('/quarantine'), 'bulk_released');
  });

  app.post<{ Params: { id: string }; Body: Fields }>(ctx.at('/quarantine/:id/delete'), options, async (request, reply) => {
    const user = userOf(request);
    const fields = request.body ?? {};
    checkCsrf(request, user, fields);
    requireScope(user, 'write');
    const entryId = id({ id: request.params.id }, 'id');
    const entry = await ctx.quarantine.get(user.principal, entryId);
    await ctx.quarantine.remove(user.principal, entryId);
    await ctx.audit.record(user.principal, user.operator, { action: 'delete', targetType: 'quarantine', targetId: entryId, detail: { subject: entry.subject, from: entry.from } });
    return redirect(reply, ctx.at('/quarantine'), 'deleted');
  });
}

async function releaseOne(ctx: ConsoleContext, user: ReturnType<typeof userOf>, entryId: string): Promise<void> {
  if (!ctx.releaseDelivery) throw new AppError('service_unavailable', 'No next hop is configured for releases (smtp.relay)');
  // The REST route's defaults: "ham" feedback recorded by the release, released_by = the key id.
  const entry = await ctx.quarantine.release(user.principal, entryId, ctx.releaseDelivery, { feedback: 'ham' });
  await ctx.audit.record(user.principal, user.operator, {
    action: 'release',
    targetType: 'quarantine',
    targetId: entryId,
    detail: { subject: entry.subject, from: entry.from, reply: entry.releaseReply },
  });
}

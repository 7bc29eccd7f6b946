const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/**
 * Escapes text for HTML element content and quoted attribute values alike. Subjects, names and bodies
 * come from attackers, so every dynamic string goes through here (or through the console's `html` tag,
 * which calls it).
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => ENTITIES[c]!);
}

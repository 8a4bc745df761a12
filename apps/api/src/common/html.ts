/**
 * Text made safe to place in HTML, in element content and in double- or single-quoted attribute values
 * alike: the five characters that can end either are replaced by their entities. (E-mail templates, the
 * Open Graph tags of the listing page.)
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]);
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Text made safe inside HTML (or XML) text and quoted attribute values: & < > " ' become the
 * entities React and Hono's html`` write too (&amp; &lt; &gt; &quot; &#39;).
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch)
